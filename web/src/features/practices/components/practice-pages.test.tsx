// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAppOnStack, startTestStack, type TestStack } from '../../../test/stack-harness.tsx';

describe('practice details, reapplication, add, survey confirmation and dashboard on the real stack', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  async function open(path: string, as: string) {
    const view = await renderAppOnStack(stack, path, { as });
    return view;
  }
  const field = (label: string) =>
    screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
  const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

  it('lets a practice manager edit the details, checking them first', async () => {
    await open('/Practice/Details/2', 'pm@demo.test');
    await waitFor(() => expect(field('Practice name').value).toBe('Riverbend Medical Centre'), {
      timeout: 10_000,
    });
    set('ABN', '123');
    set('Phone', '12');
    set('Doctors maximum', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An ABN is 11 digits.')).toBeTruthy();
    expect(screen.getByText('Invalid phone number format')).toBeTruthy();
    expect(screen.getByText('The maximum cannot be lower than the head count.')).toBeTruthy();
    set('Doctors maximum', '9');
    set('ABN', '71 002 563 148');
    set('Phone', '07 3844 2201');
    set('Suburb', 'Highgate Hill');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The practice details have been saved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(
      `select o.abn, o.phone, a.suburb from organisations o join addresses a on a.id = o.physical_address_id where o.id = 2`,
    );
    expect(rows[0]).toEqual({ abn: '71002563148', phone: '07 3844 2201', suburb: 'Highgate Hill' });
  });

  it('shows a surveyor the details read-only', async () => {
    await open('/Practice/Details/2', 'surveyor@demo.test');
    expect(await screen.findByText(/You can view these details/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(field('Practice name').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('opens the reapplication in reapplying mode, with payment when the renewal awaits it', async () => {
    await open('/Practice/Reapplication/4', 'pm@demo.test');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Reapplication: Bayview Health Clinic' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Your renewal is waiting for payment/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeTruthy();
  });

  it('shows the visit waiting for its survey confirmation', async () => {
    await open('/Practice/SurveyConfirmation/10', 'pm@demo.test');
    const visit = await screen.findByTestId('visit-9', {}, { timeout: 10_000 });
    expect(within(visit).getByText('Surveillance visit')).toBeTruthy();
    expect(within(visit).getByText('Confirmation due')).toBeTruthy();
    expect(within(visit).getByText('Follow-up of the cold chain non-conformity')).toBeTruthy();
  });

  it('lets the provider admin add a practice; others are told how to apply', async () => {
    const view = await open('/Practice/Add', 'admin@demo.test');
    await waitFor(() => expect(field('Practice name')).toBeTruthy(), { timeout: 10_000 });
    set('Practice name', 'Seaside Family Practice');
    set('Suburb', 'Manly');
    set('Postcode', '2095');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    await waitFor(() => expect(view.path()).toMatch(/^\/Practice\/Details\/\d+$/), { timeout: 10_000 });
    const id = Number(view.path().split('/').pop());
    const { rows } = await stack.sql.query(
      `select o.name, a.suburb, a.postcode from practices p join organisations o on o.id = p.organisation_id
         join addresses a on a.id = o.physical_address_id where p.organisation_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ name: 'Seaside Family Practice', suburb: 'Manly', postcode: '2095' });

    await open('/Practice/Add', 'pm.single@demo.test');
    expect(
      await screen.findByText(
        'New practices are registered by our accreditation team',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it("lists the manager's due items on the dashboard", async () => {
    await open('/Dashboard', 'pm@demo.test');
    const list = await screen.findByRole('list', { name: 'Due items' }, { timeout: 10_000 });
    const text = list.textContent ?? '';
    expect(text).toContain('Renewal Due');
    expect(text).toContain('Southern Cross General Practice');
    expect(text).toContain('Renewal Payment Due');
    expect(text).toContain('Survey confirmation due');
    expect(
      within(screen.getByTestId('due-renewal-3'))
        .getByRole('link', { name: 'Start renewal' })
        .getAttribute('href'),
    ).toBe('/Practice/Reapplication/3');
  });

  it('offers Set Availability to a surveyor, and tells a new user they have no practice yet', async () => {
    await open('/Dashboard', 'surveyor@demo.test');
    const item = await screen.findByTestId('due-preferred-days-2', {}, { timeout: 10_000 });
    expect(within(item).getByRole('link', { name: 'Set Availability' }).getAttribute('href')).toBe(
      '/SurveyVisits/2/PreferredDays',
    );
    await open('/Dashboard', 'newuser@demo.test');
    expect(
      await screen.findByText(
        'You are not linked to a practice yet. When a practice invites you, it appears here.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
