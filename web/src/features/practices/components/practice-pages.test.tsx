// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  /** The app at `path` as `as`, alone on the page (an earlier render of the test and its toasts go first). */
  async function open(path: string, as: string) {
    cleanup();
    notifications.clean();
    return renderAppOnStack(stack, path, { as });
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

  it('holds the staff numbers to the number rules: digits only, below 1000, no leading 0', async () => {
    await open('/Practice/Details/2', 'pm@demo.test');
    await waitFor(() => expect(field('Practice name').value).toBe('Riverbend Medical Centre'), {
      timeout: 10_000,
    });
    const before = await stack.sql.query(
      'select doctor_head_count, doctor_max_count, nurse_head_count from practices where organisation_id = 2',
    );
    // Typed keys: only digits reach the field (spec 002 §5).
    const user = userEvent.setup({ delay: null });
    await user.clear(field('Doctors head count'));
    await user.type(field('Doctors head count'), 'a1-.e2 ');
    expect(field('Doctors head count').value).toBe('12');
    // Pasted or otherwise entered text is checked: each rule gives its message, and nothing is saved.
    set('Doctors head count', '1000');
    set('Doctors maximum', '01');
    set('Nurses head count', '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Max is 999')).toBeTruthy();
    expect(screen.getByText('Number cannot start with a 0')).toBeTruthy();
    expect(screen.getByText('Value has to be a number')).toBeTruthy();
    const after = await stack.sql.query(
      'select doctor_head_count, doctor_max_count, nurse_head_count from practices where organisation_id = 2',
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('adds the address of a practice that has none when its manager saves', async () => {
    // Practice 6 (PM pm) loses its physical address, as one registered without it.
    await stack.sql.query('update organisations set physical_address_id = null where id = 6');
    await open('/Practice/Details/6', 'pm@demo.test');
    expect(
      await screen.findByText(
        'No address is on record for this practice yet. Enter it here and save.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    set('Street', '14 Hartley Street');
    set('Suburb', 'Alice Springs');
    set('Postcode', '0870');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The practice details have been saved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(
      `select a.street, a.suburb, a.postcode from organisations o join addresses a on a.id = o.physical_address_id where o.id = 6`,
    );
    expect(rows).toEqual([{ street: '14 Hartley Street', suburb: 'Alice Springs', postcode: '0870' }]);
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

  it('lets a manager submit a due renewal with its details, then offers payment', async () => {
    // Practice 2 (PM pm) gets a renewal due of its own (practice 3's stays for the dashboard test).
    await stack.sql.query(
      `insert into reapplications (practice_id, status, due_date) values (2, 'DUE', current_date + 25)`,
    );
    await open('/Practice/Reapplication/2', 'pm@demo.test');
    expect(await screen.findByText(/Your renewal is due by/, {}, { timeout: 10_000 })).toBeTruthy();
    set('Nurses head count', '4');
    set('Nurses maximum', '5');
    await userEvent.click(screen.getByRole('button', { name: 'Submit renewal' }));
    expect(
      await screen.findByText(
        'Your renewal has been submitted. Continue to payment to complete it.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Continue to payment' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit renewal' })).toBeNull();
    const { rows } = await stack.sql.query(
      `select r.status, r.submitted_by_id is not null as stamped, p.nurse_head_count
         from reapplications r join practices p on p.organisation_id = r.practice_id
        where r.practice_id = 2 and r.status <> 'COMPLETED'`,
    );
    expect(rows).toEqual([{ status: 'PAYMENT_PENDING', stamped: true, nurse_head_count: 4 }]);
  });

  it('shows the visit waiting for its survey confirmation', async () => {
    await open('/Practice/SurveyConfirmation/10', 'pm@demo.test');
    const visit = await screen.findByTestId('visit-9', {}, { timeout: 10_000 });
    expect(within(visit).getByText('Surveillance visit')).toBeTruthy();
    expect(within(visit).getByText('Confirmation due')).toBeTruthy();
    expect(within(visit).getByText('Follow-up of the cold chain non-conformity')).toBeTruthy();
  });

  it('lets a manager confirm a survey visit; the dashboard no longer asks for it', async () => {
    // Visit 2 of practice 2 (PM pm) gets its confirmation form sent (visit 9 stays for the test above).
    await stack.sql.query(`update survey_visits set confirmation_form_status = 'SENT' where id = 2`);
    await open('/Dashboard', 'pm@demo.test');
    expect(await screen.findByTestId('due-confirmation-2', {}, { timeout: 10_000 })).toBeTruthy();

    await open('/Practice/SurveyConfirmation/2', 'surveyor@demo.test');
    await screen.findByTestId('visit-2', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Confirm visit' })).toBeNull();

    await open('/Practice/SurveyConfirmation/2', 'pm@demo.test');
    const visit = await screen.findByTestId('visit-2', {}, { timeout: 10_000 });
    await userEvent.click(await within(visit).findByRole('button', { name: 'Confirm visit' }));
    expect(
      await screen.findByText('Thank you. The survey visit is confirmed.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'No survey visit of this practice is waiting for its confirmation.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId('visit-2')).getByText(/^Confirmed \d{2}\/\d{2}\/\d{4}$/)).toBeTruthy();

    await open('/Dashboard', 'pm@demo.test');
    await screen.findByRole('list', { name: 'Due items' }, { timeout: 10_000 });
    expect(screen.queryByTestId('due-confirmation-2')).toBeNull();
  });

  it('lets the provider admin and a practice manager add a practice, landing on it', async () => {
    const view = await open('/Practice/Add', 'admin@demo.test');
    await waitFor(() => expect(field('Practice name')).toBeTruthy(), { timeout: 10_000 });
    set('Practice name', 'Seaside Family Practice');
    set('Suburb', 'Manly');
    set('Postcode', '2095');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    await waitFor(() => expect(view.path()).toMatch(/^\/PracticeOverview\/\d+\/Staff$/), { timeout: 10_000 });
    const id = Number(view.path().split('/')[2]);
    const { rows } = await stack.sql.query(
      `select o.name, a.suburb, a.postcode, p.status,
              (select count(*)::int from practice_users pu where pu.practice_id = p.organisation_id) as users
         from practices p join organisations o on o.id = p.organisation_id
         join addresses a on a.id = o.physical_address_id where p.organisation_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({
      name: 'Seaside Family Practice',
      suburb: 'Manly',
      postcode: '2095',
      status: 'APPLICATION',
      users: 0,
    });

    const pmView = await open('/Practice/Add', 'pm.single@demo.test');
    await waitFor(() => expect(field('Practice name')).toBeTruthy(), { timeout: 10_000 });
    set('Practice name', 'Harbourside North');
    set('ABN', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    expect(await screen.findByText('An ABN is 11 digits.')).toBeTruthy();
    set('ABN', '');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    await waitFor(() => expect(pmView.path()).toMatch(/^\/PracticeOverview\/\d+\/Staff$/), {
      timeout: 10_000,
    });
    const pmPractice = Number(pmView.path().split('/')[2]);
    const managers = await stack.sql.query(
      `select u.email, pu.role from practice_users pu join users u on u.id = pu.user_id where pu.practice_id = $1`,
      [pmPractice],
    );
    expect(managers.rows).toEqual([{ email: 'pm.single@demo.test', role: 'PM' }]);
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
