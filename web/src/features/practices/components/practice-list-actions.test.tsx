// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import type { AddressInfo } from 'node:net';
import { PRACTICE_MESSAGES } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../../actions/src/app.ts';
import { loadConfig } from '../../../../../actions/src/config/load-config.ts';
import { testEnv } from '../../../../../actions/src/test-support/test-app.ts';
import { listedIds, openPracticeList, rowOf } from '../../../test/practice-list.ts';
import { renderAppOnStack, startTestStack, type TestStack } from '../../../test/stack-harness.tsx';
import { leaveAppTo } from '../utils/leave-app.ts';

vi.mock('../utils/leave-app.ts', () => ({ leaveAppTo: vi.fn() }));

describe('the practice list on the real stack: locks, due items, redirects, CSV', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterEach(() => {
    vi.mocked(leaveAppTo).mockClear();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const open = (path: string, as: string, on: TestStack = stack) => openPracticeList(on, path, as);

  it('locks a payment-pending practice for a surveyor on it, and opens the others on click', async () => {
    const view = await open('/Practice/List', 'surveyor2@demo.test');
    await waitFor(() => expect(listedIds()).toContain(9), { timeout: 10_000 });
    const lakeside = rowOf(9);
    expect(lakeside.dataset.locked).toBe('true');
    expect(within(lakeside).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(within(lakeside).queryByRole('link')).toBeNull();
    await userEvent.click(lakeside);
    expect(view.path()).toBe('/Practice/List');
    const open3 = rowOf(3);
    expect(open3.dataset.locked).toBeUndefined();
    await userEvent.click(within(open3).getByText('Carlton'));
    await waitFor(() => expect(view.path()).toBe('/PracticeOverview/3/Staff'));
  });

  it('offers Set Availability to a surveyor asked for preferred days', async () => {
    await open('/Practice/List', 'surveyor@demo.test');
    await waitFor(() => expect(listedIds()).toContain(2), { timeout: 10_000 });
    const link = within(rowOf(2)).getByRole('link', { name: 'Set Availability' });
    expect(link.getAttribute('href')).toBe('/SurveyVisits/2/PreferredDays');
  });

  it('shows renewal buttons only to those who may act on them, not to surveyors', async () => {
    // surveyor@demo.test surveys Bayview (4, renewal payment due); surveyor2 Southern Cross (3, renewal due).
    await open('/Practice/List', 'surveyor@demo.test');
    await waitFor(() => expect(listedIds()).toContain(4), { timeout: 10_000 });
    expect(within(rowOf(4)).queryByRole('button', { name: 'Renewal Payment Due' })).toBeNull();
    expect(within(rowOf(2)).getByRole('link', { name: 'Set Availability' })).toBeTruthy();
    cleanup();
    await open('/Practice/List', 'surveyor2@demo.test');
    await waitFor(() => expect(listedIds()).toContain(3), { timeout: 10_000 });
    expect(within(rowOf(3)).queryByRole('link', { name: 'Renewal Due' })).toBeNull();
    cleanup();
    // The back office may: a QAM sees both, and no Set Availability (not a visitor).
    await open('/Practice/List', 'qam@demo.test');
    await waitFor(() => expect(listedIds()).toEqual(expect.arrayContaining([2, 3, 4])), { timeout: 10_000 });
    expect(within(rowOf(4)).getByRole('button', { name: 'Renewal Payment Due' })).toBeTruthy();
    expect(within(rowOf(3)).getByRole('link', { name: 'Renewal Due' }).getAttribute('href')).toBe(
      '/Practice/Reapplication/3',
    );
    expect(within(rowOf(2)).queryByRole('link', { name: 'Set Availability' })).toBeNull();
  });

  it('keeps renewals and payments off a surveyor’s dashboard, and puts them on the QAM’s', async () => {
    await renderAppOnStack(stack, '/Dashboard', { as: 'surveyor2@demo.test' });
    await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('dashboard-loading')).toBeNull(), { timeout: 10_000 });
    // surveyor2 surveys Southern Cross (renewal due) and Lakeside (application fee pending).
    expect(screen.queryByTestId('due-renewal-3')).toBeNull();
    expect(screen.queryByTestId('due-application-9')).toBeNull();
    cleanup();
    await renderAppOnStack(stack, '/Dashboard', { as: 'qam@demo.test' });
    await screen.findByTestId('due-renewal-3', {}, { timeout: 10_000 });
    expect(screen.getByTestId('due-renewal-4').textContent).toContain('Renewal Payment Due');
    expect(screen.getByTestId('due-application-9').textContent).toContain('Pay now');
  });

  it('sends a single-practice manager straight to the Staff route', async () => {
    const view = await renderAppOnStack(stack, '/Practice/List', { as: 'pm.single@demo.test' });
    await waitFor(() => expect(view.path()).toBe('/PracticeOverview/1/Staff'), { timeout: 10_000 });
  });

  it('does not redirect a filtered list that happens to hold one practice', async () => {
    const view = await open('/Practice/List?search=Bayview', 'pm@demo.test');
    await waitFor(() => expect(listedIds()).toEqual([4]), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.path()).toBe('/Practice/List');
  });

  it('sends the manager of a single payment-pending practice to payment', async () => {
    const view = await renderAppOnStack(stack, '/Practice/List', { as: 'pm.newcastle@demo.test' });
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(vi.mocked(leaveAppTo).mock.calls[0]?.[0]).toMatch(/^https?:\/\//);
    expect(view.path()).toBe('/Practice/List');
  });

  it('keeps a surveyor whose only practice awaits its fee on the list, locked, without trying payment', async () => {
    // A surveyor on Lakeside (9, new application, payment pending) and nothing else; the demo password.
    await stack.sql.query(
      `with u as (
         insert into users (email, password_hash, first_name, last_name, is_surveyor, is_active)
         select 'surveyor.lakeside@demo.test', password_hash, 'Lena', 'Lake', true, true from users where id = 4
         returning id)
       insert into practice_users (practice_id, user_id, role, active) select 9, id, 'SU', true from u`,
    );
    const view = await open('/Practice/List', 'surveyor.lakeside@demo.test');
    await waitFor(() => expect(listedIds()).toEqual([9]), { timeout: 10_000 });
    expect(rowOf(9).dataset.locked).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(view.path()).toBe('/Practice/List');
    expect(leaveAppTo).not.toHaveBeenCalled();
    expect(screen.queryByText(PRACTICE_MESSAGES.paymentRedirectFailed)).toBeNull();
  });

  it('sends a manager of several practices who opens a payment-pending one to payment', async () => {
    // pm@demo.test also manages Lakeside (9, new application, payment pending) for this test.
    await stack.sql.query(
      `insert into practice_users (practice_id, user_id, role, active) values (9, (select id from users where email = 'pm@demo.test'), 'PM', true)`,
    );
    try {
      // From the list: the row opens the overview, which goes on to payment.
      const view = await open('/Practice/List', 'pm@demo.test');
      await waitFor(() => expect(listedIds()).toContain(9), { timeout: 10_000 });
      expect(rowOf(9).dataset.locked).toBeUndefined();
      await userEvent.click(within(rowOf(9)).getByText('Lakeside Doctors Merewether'));
      await waitFor(() => expect(leaveAppTo).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      expect(vi.mocked(leaveAppTo).mock.calls[0]?.[0]).toMatch(/\/9$/);
      expect(view.path()).toBe('/PracticeOverview/9/Staff');
      // Nothing of the practice shows on the way.
      expect(screen.queryByRole('tab', { name: /Staff/ })).toBeNull();
      cleanup();
      vi.mocked(leaveAppTo).mockClear();
      // By its address, the same.
      await renderAppOnStack(stack, '/PracticeOverview/9/Documents', { as: 'pm@demo.test' });
      await waitFor(() => expect(leaveAppTo).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      cleanup();
      vi.mocked(leaveAppTo).mockClear();
      // A practice with a renewal in payment is no application payment: it opens.
      await renderAppOnStack(stack, '/PracticeOverview/4/Staff', { as: 'pm@demo.test' });
      await screen.findByRole('heading', { name: 'Bayview Health Clinic' }, { timeout: 10_000 });
      expect(leaveAppTo).not.toHaveBeenCalled();
    } finally {
      await stack.sql.query(
        `delete from practice_users where practice_id = 9 and user_id = (select id from users where email = 'pm@demo.test')`,
      );
    }
  });

  it('sends a surveyor who opens a locked practice by its address back to the list, not to payment', async () => {
    const view = await renderAppOnStack(stack, '/PracticeOverview/9/Staff', { as: 'surveyor2@demo.test' });
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 10_000 });
    expect(await screen.findByText(PRACTICE_MESSAGES.practiceLocked, {}, { timeout: 10_000 })).toBeTruthy();
    expect(leaveAppTo).not.toHaveBeenCalled();
    expect(screen.queryByText(PRACTICE_MESSAGES.paymentRedirectFailed)).toBeNull();
  });

  it('Renewal Payment Due goes to the payment page', async () => {
    await open('/Practice/List', 'pm@demo.test');
    await waitFor(() => expect(listedIds()).toContain(4), { timeout: 10_000 });
    await userEvent.click(within(rowOf(4)).getByRole('button', { name: 'Renewal Payment Due' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  });

  it('shows the failure message when the payment page cannot be had', async () => {
    await open('/Practice/List', 'pm@demo.test');
    await waitFor(() => expect(listedIds()).toContain(4), { timeout: 10_000 });
    // The renewal was paid meanwhile (in another tab): the server no longer has a payment page for it.
    await stack.sql.query(`update reapplications set status = 'COMPLETED', paid_at = now() where id = 2`);
    try {
      await userEvent.click(within(rowOf(4)).getByRole('button', { name: 'Renewal Payment Due' }));
      const message =
        'Sorry, something went wrong while redirecting you to the payment page, please contact your system administrator.';
      await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0), {
        timeout: 10_000,
      });
      expect(leaveAppTo).not.toHaveBeenCalled();
    } finally {
      await stack.sql.query(
        `update reapplications set status = 'PAYMENT_PENDING', paid_at = null where id = 2`,
      );
    }
  });

  it('downloads exactly the filtered list as CSV, with the bearer token', async () => {
    // The actions service as `npm start` runs it: its CSV reads the list from this stack's engine.
    const app = await buildApp(
      loadConfig(testEnv(stack.database.url, { HASURA_GRAPHQL_URL: stack.graphqlUrl })),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const actionsUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: keep each blob under a made-up one.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
    });
    try {
      await open('/Practice/List?renewalDue=true', 'pm@demo.test', { ...stack, actionsUrl });
      await waitFor(() => expect(listedIds()).toEqual([3, 4]), { timeout: 10_000 });
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
      const today = new Date().toLocaleDateString('en-CA');
      expect(saved[0]?.name).toBe(`practices-${today}.csv`);
      const lines = (await saved[0]!.blob.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Practice,Suburb,State,Expiry,QAM,Network,Cycle,SA Due,SV Scheduled,SV Booked');
      const shown = screen
        .getAllByTestId(/^practice-row-/)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
        shown.map((text) => text?.replace(/Renewal( Payment)? Due$/, '')),
      );
    } finally {
      click.mockRestore();
      URL.createObjectURL = objectUrls.create;
      URL.revokeObjectURL = objectUrls.revoke;
      await app.close();
    }
  });
});
