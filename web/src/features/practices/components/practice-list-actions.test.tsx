import type { AddressInfo } from 'node:net';
import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { PRACTICE_MESSAGES, portalToday } from '@portal/domain';
import { testEnv } from '@portal/testkit/test-app';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addPracticeRole,
  createAccreditation,
  createPracticeWith,
  createReapplication,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { listedIds, openPracticeList, rowOf } from '../../../test/practice-list.ts';
import { renderAppOnStack, type SignIn, type TestStack, useRealStack } from '../../../test/stack-harness.tsx';

type Practice = { id: number; name: string };

describe('the practice list on the real stack: locks, due items, redirects, CSV', () => {
  const stack = useRealStack();

  /** A manager of several practices, one of a single practice, one of a single payment-pending one. */
  let manager: TestUser;
  let singleManager: TestUser;
  let applicantManager: TestUser;
  /** On Riverbend (asked for preferred days) and Bayview. */
  let surveyor: TestUser;
  /** On Southern Cross and on Lakeside, which awaits its application fee. */
  let lakesideSurveyor: TestUser;
  let qam: TestUser;
  let harbourside: Practice;
  let riverbend: Practice;
  let southernCross: Practice;
  let bayview: Practice;
  let lakeside: Practice;
  let preferredDaysVisit: number;
  let bayviewRenewal: number;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    singleManager = await createUser(sql);
    applicantManager = await createUser(sql);
    surveyor = await createUser(sql, { isSurveyor: true });
    lakesideSurveyor = await createUser(sql, { isSurveyor: true });
    qam = await createUser(sql, { isQam: true });

    harbourside = await createPracticeWith(sql, {
      name: 'Harbourside Family Medical',
      status: 'IN_PROGRESS',
      managers: [singleManager],
    });
    await createAccreditation(sql, harbourside.id, { selfAssessmentDueIn: 45, surveyVisitDueIn: 150 });
    // Cycle open; its survey visit waits for the surveyor's preferred days.
    riverbend = await createPracticeWith(sql, {
      name: 'Riverbend Medical Centre',
      status: 'IN_PROGRESS',
      managers: [manager],
      surveyors: [surveyor],
    });
    const riverbendCycle = await createAccreditation(sql, riverbend.id, {
      surveyVisitDueIn: 75,
      expiresIn: 400,
    });
    preferredDaysVisit = await createSurveyVisit(sql, riverbendCycle, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 75,
      visitors: [{ user: surveyor }],
    });
    // Accredited, renewal due.
    southernCross = await createPracticeWith(sql, {
      name: 'Southern Cross General Practice',
      status: 'ACCREDITED',
      address: { suburb: 'Carlton', state: 'VIC', postcode: '3053' },
      managers: [manager],
      surveyors: [lakesideSurveyor],
    });
    await createAccreditation(sql, southernCross.id, { status: 'CLOSED', expiresIn: 150 });
    await createReapplication(sql, southernCross.id, { status: 'DUE' });
    // Accredited, renewal waiting for payment.
    bayview = await createPracticeWith(sql, {
      name: 'Bayview Health Clinic',
      status: 'ACCREDITED',
      managers: [manager],
      surveyors: [surveyor],
    });
    await createAccreditation(sql, bayview.id, { status: 'CLOSED', expiresIn: 80 });
    bayviewRenewal = await createReapplication(sql, bayview.id, { status: 'PAYMENT_PENDING', dueIn: 10 });
    // A new application waiting for its fee.
    lakeside = await createPracticeWith(sql, {
      name: 'Lakeside Doctors Merewether',
      status: 'PAYMENT_PENDING',
      managers: [applicantManager],
      surveyors: [lakesideSurveyor],
    });
    await createAccreditation(sql, lakeside.id);
  }, 60_000);

  const open = (path: string, as: SignIn, on: Pick<TestStack, 'actionsUrl' | 'graphqlUrl'> = stack) =>
    openPracticeList(on, path, as);

  it('locks a payment-pending practice for a surveyor on it, and opens the others on click', async () => {
    const view = await open('/Practice/List', lakesideSurveyor);
    await waitFor(() => expect(listedIds()).toContain(lakeside.id), { timeout: 10_000 });
    const locked = rowOf(lakeside.id);
    expect(locked.dataset.locked).toBe('true');
    expect(within(locked).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(within(locked).queryByRole('link')).toBeNull();
    await userEvent.click(locked);
    expect(view.path()).toBe('/Practice/List');
    const opens = rowOf(southernCross.id);
    expect(opens.dataset.locked).toBeUndefined();
    await userEvent.click(within(opens).getByText('Carlton'));
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${southernCross.id}/Staff`));
  });

  it('offers Set Availability to a surveyor asked for preferred days', async () => {
    await open('/Practice/List', surveyor);
    await waitFor(() => expect(listedIds()).toContain(riverbend.id), { timeout: 10_000 });
    const link = within(rowOf(riverbend.id)).getByRole('link', { name: 'Set Availability' });
    expect(link.getAttribute('href')).toBe(`/SurveyVisits/${preferredDaysVisit}/PreferredDays`);
  });

  it('shows renewal buttons only to those who may act on them, not to surveyors', async () => {
    // One surveyor surveys Bayview (renewal payment due), the other Southern Cross (renewal due).
    await open('/Practice/List', surveyor);
    await waitFor(() => expect(listedIds()).toContain(bayview.id), { timeout: 10_000 });
    expect(within(rowOf(bayview.id)).queryByRole('button', { name: 'Renewal Payment Due' })).toBeNull();
    expect(within(rowOf(riverbend.id)).getByRole('link', { name: 'Set Availability' })).toBeTruthy();
    cleanup();
    await open('/Practice/List', lakesideSurveyor);
    await waitFor(() => expect(listedIds()).toContain(southernCross.id), { timeout: 10_000 });
    expect(within(rowOf(southernCross.id)).queryByRole('link', { name: 'Renewal Due' })).toBeNull();
    cleanup();
    // The back office may: a QAM sees both, and no Set Availability (not a visitor).
    await open('/Practice/List', qam);
    await waitFor(
      () => expect(listedIds()).toEqual(expect.arrayContaining([riverbend.id, southernCross.id, bayview.id])),
      { timeout: 10_000 },
    );
    expect(within(rowOf(bayview.id)).getByRole('button', { name: 'Renewal Payment Due' })).toBeTruthy();
    expect(
      within(rowOf(southernCross.id)).getByRole('link', { name: 'Renewal Due' }).getAttribute('href'),
    ).toBe(`/Practice/Reapplication/${southernCross.id}`);
    expect(within(rowOf(riverbend.id)).queryByRole('link', { name: 'Set Availability' })).toBeNull();
  });

  it('keeps renewals and payments off a surveyor’s and a QAM’s dashboard: they are the practice’s work', async () => {
    await renderAppOnStack(stack, '/Dashboard', { as: lakesideSurveyor });
    await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 });
    await screen.findByTestId('queue-count-surveyor', {}, { timeout: 10_000 });
    // The surveyor surveys Southern Cross (renewal due) and Lakeside (application fee pending).
    expect(screen.queryByTestId(`due-renewal-${southernCross.id}`)).toBeNull();
    expect(screen.queryByTestId(`due-application-${lakeside.id}`)).toBeNull();
    cleanup();
    await renderAppOnStack(stack, '/Dashboard', { as: qam });
    await screen.findByTestId('queue-count-qam', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('queue-practiceManager')).toBeNull();
    expect(screen.queryByTestId(`due-renewal-${southernCross.id}`)).toBeNull();
    expect(screen.queryByTestId(`due-application-${lakeside.id}`)).toBeNull();
  });

  it('sends a single-practice manager straight to the Staff route', async () => {
    const view = await renderAppOnStack(stack, '/Practice/List', { as: singleManager });
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${harbourside.id}/Staff`), {
      timeout: 10_000,
    });
  });

  it('does not redirect a filtered list that happens to hold one practice', async () => {
    const view = await open('/Practice/List?search=Bayview', manager);
    await waitFor(() => expect(listedIds()).toEqual([bayview.id]), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.path()).toBe('/Practice/List');
  });

  it('sends the manager of a single payment-pending practice to payment', async () => {
    const view = await renderAppOnStack(stack, '/Practice/List', { as: applicantManager });
    await waitFor(() => expect(view.leftFor).toHaveLength(1), { timeout: 10_000 });
    expect(view.leftFor[0]).toMatch(/^https?:\/\//);
    expect(view.path()).toBe('/Practice/List');
  });

  it('keeps a surveyor whose only practice awaits its fee on the list, locked, without trying payment', async () => {
    // A surveyor on Lakeside (new application, payment pending) and nothing else.
    const onlyLakeside = await createUser(stack.sql, {
      isSurveyor: true,
      firstName: 'Lena',
      lastName: 'Lake',
    });
    await addPracticeRole(stack.sql, lakeside.id, onlyLakeside.id, 'SU');
    const view = await open('/Practice/List', onlyLakeside);
    await waitFor(() => expect(listedIds()).toEqual([lakeside.id]), { timeout: 10_000 });
    expect(rowOf(lakeside.id).dataset.locked).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(view.path()).toBe('/Practice/List');
    expect(view.leftFor).toEqual([]);
    expect(screen.queryByText(PRACTICE_MESSAGES.paymentRedirectFailed)).toBeNull();
  });

  it('sends a manager of several practices who opens a payment-pending one to payment', async () => {
    // The manager of several practices also manages Lakeside (new application, payment pending) for this test.
    await addPracticeRole(stack.sql, lakeside.id, manager.id, 'PM');
    try {
      // From the list: the row opens the overview, which goes on to payment.
      const view = await open('/Practice/List', manager);
      await waitFor(() => expect(listedIds()).toContain(lakeside.id), { timeout: 10_000 });
      expect(rowOf(lakeside.id).dataset.locked).toBeUndefined();
      await userEvent.click(within(rowOf(lakeside.id)).getByText(lakeside.name));
      await waitFor(() => expect(view.leftFor).toHaveLength(1), { timeout: 10_000 });
      expect(view.leftFor[0]).toMatch(new RegExp(`/${lakeside.id}$`));
      expect(view.path()).toBe(`/PracticeOverview/${lakeside.id}/Staff`);
      // Nothing of the practice shows on the way.
      expect(screen.queryByRole('tab', { name: /Staff/ })).toBeNull();
      cleanup();
      // By its address, the same.
      const byAddress = await renderAppOnStack(stack, `/PracticeOverview/${lakeside.id}/Documents`, {
        as: manager,
      });
      await waitFor(() => expect(byAddress.leftFor).toHaveLength(1), { timeout: 10_000 });
      cleanup();
      // A practice with a renewal in payment is no application payment: it opens.
      const renewal = await renderAppOnStack(stack, `/PracticeOverview/${bayview.id}/Staff`, { as: manager });
      await screen.findByRole('heading', { name: bayview.name }, { timeout: 10_000 });
      expect(renewal.leftFor).toEqual([]);
    } finally {
      await stack.sql.query('delete from practice_users where practice_id = $1 and user_id = $2', [
        lakeside.id,
        manager.id,
      ]);
    }
  });

  it('sends a surveyor who opens a locked practice by its address back to the list, not to payment', async () => {
    const view = await renderAppOnStack(stack, `/PracticeOverview/${lakeside.id}/Staff`, {
      as: lakesideSurveyor,
    });
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 10_000 });
    expect(await screen.findByText(PRACTICE_MESSAGES.practiceLocked, {}, { timeout: 10_000 })).toBeTruthy();
    expect(view.leftFor).toEqual([]);
    expect(screen.queryByText(PRACTICE_MESSAGES.paymentRedirectFailed)).toBeNull();
  });

  it('Renewal Payment Due goes to the payment page', async () => {
    const view = await open('/Practice/List', manager);
    await waitFor(() => expect(listedIds()).toContain(bayview.id), { timeout: 10_000 });
    await userEvent.click(within(rowOf(bayview.id)).getByRole('button', { name: 'Renewal Payment Due' }));
    await waitFor(() => expect(view.leftFor).toHaveLength(1), { timeout: 10_000 });
  });

  it('shows the failure message when the payment page cannot be had', async () => {
    const view = await open('/Practice/List', manager);
    await waitFor(() => expect(listedIds()).toContain(bayview.id), { timeout: 10_000 });
    // The renewal was paid meanwhile (in another tab): the server no longer has a payment page for it.
    await stack.sql.query(`update reapplications set status = 'COMPLETED', paid_at = now() where id = $1`, [
      bayviewRenewal,
    ]);
    try {
      await userEvent.click(within(rowOf(bayview.id)).getByRole('button', { name: 'Renewal Payment Due' }));
      const message =
        'Sorry, something went wrong while redirecting you to the payment page, please contact your system administrator.';
      await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0), {
        timeout: 10_000,
      });
      expect(view.leftFor).toEqual([]);
    } finally {
      await stack.sql.query(
        `update reapplications set status = 'PAYMENT_PENDING', paid_at = null where id = $1`,
        [bayviewRenewal],
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
      await open('/Practice/List?renewalDue=true', manager, { graphqlUrl: stack.graphqlUrl, actionsUrl });
      await waitFor(() => expect(listedIds()).toEqual([southernCross.id, bayview.id].sort((a, b) => a - b)), {
        timeout: 10_000,
      });
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
      const today = portalToday();
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
