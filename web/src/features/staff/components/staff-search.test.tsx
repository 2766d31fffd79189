import { REGISTRATION_LOOKUP_MESSAGES, STAFF_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPracticeWith, createStaffMember, createUser, type TestUser } from '../../../test/factories.ts';
import { pickOption } from '../../../test/pick-option.ts';
import { useRealStack } from '../../../test/stack-harness.tsx';
import { editRow, openStaffRegister } from '../../../test/staff-register.ts';

/** The input of a select (its list is labelled the same). */
const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
const bodyRows = (table: HTMLElement) => table.querySelectorAll('tbody tr').length;

describe('staff search, paging and the registration look-up, on the real stack', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let PRACTICE: number;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    // The manager's practice, one the provider has taken on (its manager may look across
    // practices): five staff (two GPs, no contractor), and 25 contractors below.
    PRACTICE = (
      await createPracticeWith(sql, { staffIntroSeen: true, managers: [manager], status: 'ACCREDITED' })
    ).id;
    const staff = [
      { firstName: 'Leo', lastName: 'Lee', type: 'gp', employmentType: 'OWNER' },
      { firstName: 'Olivia', lastName: 'Papadopoulos', type: 'gp' },
      { firstName: 'Jack', lastName: 'Okafor', type: 'nurse' },
      { firstName: 'Ella', lastName: 'Walsh', type: 'support' },
      { firstName: 'Noah', lastName: 'Young', type: 'other' },
    ] as const;
    for (const person of staff) {
      await createStaffMember(sql, PRACTICE, {
        ...person,
        email: `${person.firstName}.${person.lastName}@southerncross.test`.toLowerCase(),
      });
    }
    await sql.query(
      `insert into practice_staff (practice_id, title, first_name, last_name, type, employment_type, start_date,
                                   email, hours_per_week, cpr_expiry, fte_band)
       select $1, 'MS', 'Temp' || n, 'Zimmer' || lpad(n::text, 2, '0'), 'support', 'CONTRACTOR', public.portal_today() - 30,
              'temp' || n || '@southerncross.demo.test', 8, public.portal_today() + 300, 'FTE_0_25'
         from generate_series(1, 25) n`,
      [PRACTICE],
    );
    // Another manager's practice, whose GP the look-up finds by registration number.
    const harbourside = await createPracticeWith(sql, {
      name: 'Harbourside Family Medical',
      managers: [await createUser(sql)],
    });
    await createStaffMember(sql, harbourside.id, {
      firstName: 'Chloe',
      lastName: 'Martin',
      type: 'gp',
      registrationNum: 'MED0001007919',
      email: 'chloe.martin@harbourside.demo.test',
    });
  }, 60_000);

  const open = async () =>
    (await openStaffRegister(stack, `/PracticeOverview/${PRACTICE}/Staff`, manager, 'Papadopoulos')).table;

  it("spec 000 §3: the register words a staff type as the provider's served list labels it", async () => {
    await stack.sql.query(`update public.staff_type set comment = 'Registered nurse' where value = 'nurse'`);
    try {
      const table = await open();
      const okafor = within(table).getByText('Okafor').closest('tr')!;
      expect(
        await within(okafor as HTMLElement).findByText('Registered nurse', {}, { timeout: 10_000 }),
      ).toBeTruthy();
    } finally {
      await stack.sql.query(`update public.staff_type set comment = 'Nurse' where value = 'nurse'`);
    }
  }, 60_000);

  it('pages by 20, with 10, 20, 30 and 40 to choose from', async () => {
    const table = await open();
    expect(screen.getByText('30 staff members')).toBeTruthy();
    expect(bodyRows(table)).toBe(20);
    const user = userEvent.setup({ delay: null });
    await pickOption(user, input('Rows per page'), '40');
    await waitFor(() => expect(bodyRows(table)).toBe(30));
    await pickOption(user, input('Rows per page'), '10');
    await waitFor(() => expect(bodyRows(table)).toBe(10));
    await user.click(input('Rows per page'));
    await waitFor(() => expect(input('Rows per page').getAttribute('aria-controls')).toBeTruthy());
    const list = document.getElementById(input('Rows per page').getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30', '40']);
  }, 60_000);

  it('refuses paging, searching and filtering with the one-row warning while a changed row is in edit', async () => {
    const table = await open();
    const user = userEvent.setup({ delay: null });
    const firstOnPage = () => within(table).getAllByLabelText(/^Edit /)[0]!;
    const page2 = () => screen.getByRole('button', { name: '2' });

    await user.click(firstOnPage());
    await user.type(within(editRow(table)).getByLabelText('Last name'), 'x');
    await user.click(page2());
    expect(await screen.findByText(STAFF_MESSAGES.editingRowWarning)).toBeTruthy();
    expect(bodyRows(table)).toBe(20);
    await user.type(screen.getByLabelText('Search staff'), 'o');
    expect((screen.getByLabelText('Search staff') as HTMLInputElement).value).toBe('');
    await pickOption(user, input('Rows per page'), '10');
    expect(bodyRows(table)).toBe(20);
    // The row and its change are still there; once cancelled, paging works.
    expect((within(editRow(table)).getByLabelText('Last name') as HTMLInputElement).value).toMatch(/x$/);
    await user.click(within(editRow(table)).getByText('Cancel'));
    await user.click(page2());
    await waitFor(() => expect(bodyRows(table)).toBe(10));
  }, 60_000);

  it('searches first names by default, other fields by the selector, and filters GP / contract', async () => {
    const table = await open();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Search staff'), 'oli');
    await waitFor(() => expect(bodyRows(table)).toBe(1), { timeout: 10_000 });
    expect(within(table).getByText('Papadopoulos')).toBeTruthy();

    await pickOption(user, input('Search by'), 'Email');
    await user.clear(screen.getByLabelText('Search staff'));
    await user.type(screen.getByLabelText('Search staff'), 'temp1');
    // temp1, temp10 … temp19
    await waitFor(() => expect(bodyRows(table)).toBe(11), { timeout: 10_000 });

    await user.clear(screen.getByLabelText('Search staff'));
    await pickOption(user, input('Type'), 'GP');
    await waitFor(() => expect(screen.getByText('2 staff members')).toBeTruthy(), { timeout: 10_000 });
    await pickOption(user, input('Type'), 'Any');
    await pickOption(user, input('Engagement'), 'Contract');
    await waitFor(() => expect(screen.getByText('25 staff members')).toBeTruthy(), { timeout: 10_000 });
  }, 60_000);

  it('looks a registration number up across practices 2 s after typing and fills the row from a match', async () => {
    const table = await open();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add staff'));
    await user.click(within(editRow(table)).getByLabelText('Reg'));
    // Chloe Martin's number at Harbourside (not this manager's practice), in lower case and in
    // part: she is offered by name only; her details need the whole number.
    await user.paste('med000100791');
    expect(screen.queryByRole('region', { name: 'Registration number matches' })).toBeNull();
    const partial = await screen.findByRole(
      'region',
      { name: 'Registration number matches' },
      { timeout: 8_000 },
    );
    expect(within(partial).getByText(/Chloe Martin/)).toBeTruthy();
    expect(within(partial).getByText(/type the full number for their details/)).toBeTruthy();
    expect(within(partial).queryByText(/MED0001007919/)).toBeNull();
    await user.type(within(editRow(table)).getByLabelText('Reg'), '9');
    const matches = await screen.findByRole(
      'region',
      { name: 'Registration number matches' },
      { timeout: 8_000 },
    );
    await within(matches).findByText(/MED0001007919/, undefined, { timeout: 8_000 });
    expect(within(matches).getByText(/Chloe Martin/)).toBeTruthy();
    await user.click(within(matches).getByText('Use these details'));
    const row = editRow(table);
    expect((within(row).getByLabelText('First name') as HTMLInputElement).value).toBe('Chloe');
    expect((within(row).getByLabelText('Last name') as HTMLInputElement).value).toBe('Martin');
    expect((within(row).getByLabelText('Reg') as HTMLInputElement).value).toBe('MED0001007919');
    expect((within(row).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'chloe.martin@harbourside.demo.test',
    );
    expect(screen.queryByRole('region', { name: 'Registration number matches' })).toBeNull();

    // A busy hour of look-ups (60, the limit) behind the manager: the next one says so.
    await stack.sql.query(
      'insert into registration_lookups (user_id) select $1 from generate_series(1, 60)',
      [manager.id],
    );
    try {
      await user.clear(within(row).getByLabelText('Reg'));
      await user.paste('MED0001007918');
      const refused = await screen.findByRole(
        'region',
        { name: 'Registration number matches' },
        { timeout: 8_000 },
      );
      expect(refused.textContent).toBe(REGISTRATION_LOOKUP_MESSAGES.tooMany);
    } finally {
      await stack.sql.query('delete from registration_lookups where user_id = $1', [manager.id]);
    }
  }, 60_000);
});
