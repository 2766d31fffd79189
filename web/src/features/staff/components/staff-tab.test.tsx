import { CELL_TEXTAREA_MAX_ROWS, CELL_TEXTAREA_MIN_ROWS, STAFF_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPracticeWith,
  createStaffedPractice,
  createStaffMember,
  createUser,
  type StaffRow,
  type TestUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, type SignIn, useRealStack } from '../../../test/stack-harness.tsx';
import { editRow, openStaffRegister } from '../../../test/staff-register.ts';

describe('the Staff tab on the real stack', () => {
  const stack = useRealStack();
  /** The practice's manager, a surveyor on it, and a QAM. */
  let manager: TestUser;
  let surveyor: TestUser;
  let qam: TestUser;
  let PRACTICE: number;
  let STAFF_PATH: string;
  let isla: StaffRow;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    surveyor = await createUser(sql, { isSurveyor: true });
    qam = await createUser(sql, { isQam: true });
    const staffed = await createStaffedPractice(sql, { manager, surveyor });
    PRACTICE = staffed.practice.id;
    STAFF_PATH = `/PracticeOverview/${PRACTICE}/Staff`;
    isla = staffed.staff.isla;
    // Another practice's staff member, whom this register must not list.
    const other = await createPracticeWith(sql, { managers: [await createUser(sql)] });
    await createStaffMember(sql, other.id, { firstName: 'Chloe', lastName: 'Martin', type: 'gp' });
  }, 60_000);
  beforeEach(async () => {
    await stack.sql.query(
      'update practices set is_staff_first_view = false, show_message_after_renewal_payment = false where organisation_id = $1',
      [PRACTICE],
    );
  });

  const open = (as: SignIn) => openStaffRegister(stack, STAFF_PATH, as, 'Desai');

  it('shows the first-view intro until Enter All Staff Details clears the practice flag', async () => {
    await stack.sql.query('update practices set is_staff_first_view = true where organisation_id = $1', [
      PRACTICE,
    ]);
    await renderAppOnStack(stack, STAFF_PATH, { as: manager });
    expect(await screen.findByText(STAFF_MESSAGES.introStep, {}, { timeout: 10_000 })).toBeTruthy();
    for (const item of STAFF_MESSAGES.introChecklist) expect(screen.getByText(item)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Staff register' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: STAFF_MESSAGES.introButton }));
    await screen.findByRole('table', { name: 'Staff register' }, { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      'select is_staff_first_view from practices where organisation_id = $1',
      [PRACTICE],
    );
    expect(rows[0].is_staff_first_view).toBe(false);
  });

  it('lists the staff with every column, the notice (dismissible) and no verify control for a PM', async () => {
    const { table } = await open(manager);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    for (const header of [
      'Verified',
      'Title',
      'First name',
      'Last name',
      'Type',
      'Reg',
      'Employment',
      'Start date',
      'Employment status',
      'Resignation date',
      'Email',
      'VR status',
      'Hours/week',
      'CPR expiry',
      'CPR evidence',
      'QI/CPD',
      'CPD evidence',
    ])
      expect(headers).toContain(header);
    // Dates as dd/MM/yyyy; archived and other practices' staff are not listed.
    const { rows } = await stack.sql.query<{ d: string }>(
      `select to_char(start_date, 'DD/MM/YYYY') as d from practice_staff where id = $1`,
      [isla.id],
    );
    expect(within(table).getByText(rows[0]!.d)).toBeTruthy();
    expect(within(table).queryByText('Martin')).toBeNull();
    expect(within(table).queryByLabelText(/^Verify /)).toBeNull();
    expect(within(table).getByLabelText('Edit Isla Desai')).toBeTruthy();

    expect(screen.getByText(STAFF_MESSAGES.notice)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Dismiss the notice'));
    expect(screen.queryByText(STAFF_MESSAGES.notice)).toBeNull();
  });

  it('gives a surveyor on the practice the verify control and no editing', async () => {
    const { table } = await open(surveyor);
    expect(within(table).getByLabelText('Verify Isla Desai')).toBeTruthy();
    expect(within(table).queryByLabelText(/^Edit /)).toBeNull();
    expect(screen.queryByText('Add staff')).toBeNull();
  });

  it('keeps one row in edit: a changed row or a pending new row blocks the others with a warning', async () => {
    const { table } = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByLabelText('Edit Isla Desai'));
    const first = within(table).getByLabelText('First name') as HTMLInputElement;
    expect(first.value).toBe('Isla');
    // Unchanged: moving on is fine.
    await user.click(within(table).getByLabelText('Edit Oscar Walker'));
    expect((within(table).getByLabelText('First name') as HTMLInputElement).value).toBe('Oscar');
    await user.type(within(table).getByLabelText('First name'), 'x');
    await user.click(within(table).getByLabelText('Edit Mei Green'));
    expect(await screen.findByText(STAFF_MESSAGES.editingRowWarning)).toBeTruthy();
    expect((within(table).getByLabelText('First name') as HTMLInputElement).value).toBe('Oscarx');
    // Cancel restores the stored values.
    await user.click(within(table).getByText('Cancel'));
    expect(within(table).getByText('Oscar')).toBeTruthy();

    await user.click(screen.getByText('Add staff'));
    const newRow = editRow(table);
    expect((within(newRow).getByLabelText('Title') as HTMLInputElement).value).toBe('Dr');
    expect((within(newRow).getByLabelText('Type') as HTMLInputElement).value).toBe('GP');
    await user.click(screen.getByText('Add staff'));
    expect(await screen.findByText(STAFF_MESSAGES.editingNewRowWarning)).toBeTruthy();
    await user.click(within(table).getByText('Cancel'));
    expect(table.querySelector('tr[aria-label="Row in edit"]')).toBeNull();
  });

  it('shows the cell messages on blur, keeps number cells to digits and one point, checks the phone', async () => {
    const { table } = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add staff'));
    const row = editRow(table);
    await user.click(within(row).getByLabelText('First name'));
    await user.tab();
    expect(await within(row).findByText('Required field')).toBeTruthy();
    const hours = within(row).getByLabelText('Hours/week') as HTMLInputElement;
    await user.type(hours, '3a8.5.1');
    expect(hours.value).toBe('38.51');
    await user.clear(hours);
    await user.tab();
    expect(await within(row).findByText('Field required')).toBeTruthy();
    await user.type(within(row).getByLabelText('Phone'), '12345');
    await user.tab();
    expect(await within(row).findByText('Invalid phone number format')).toBeTruthy();
    // Employment status inactive shows the resignation date, which is then required.
    expect(within(row).queryByLabelText('Resignation date')).toBeNull();
    // Registration number: required for a GP, hidden for support staff.
    expect(within(row).getByLabelText('Reg')).toBeTruthy();
    await user.click(within(row).getByLabelText('Type'));
    await user.click(await screen.findByRole('option', { name: 'Support staff', hidden: true }));
    await waitFor(() => expect(within(row).queryByLabelText('Reg')).toBeNull());
    expect(within(row).queryByLabelText('VR status')).toBeNull();
    // Many keystrokes on a real stack: a loaded 2-core machine needs longer than the default 30 s.
  }, 60_000);

  it('edits free text in text areas of 2 to 8 rows that keep one line of text (spec 000 §9)', async () => {
    const { table } = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add staff'));
    const row = editRow(table);
    for (const label of [
      'First name',
      'Last name',
      'Reg',
      'Email',
      'Phone',
      'QI/CPD program',
      'QI/CPD number',
    ]) {
      const cell = within(row).getByLabelText(label) as HTMLTextAreaElement;
      expect(cell.tagName, label).toBe('TEXTAREA');
      expect(cell.rows, label).toBe(CELL_TEXTAREA_MIN_ROWS);
      expect(Number(cell.dataset.maxRows), label).toBe(CELL_TEXTAREA_MAX_ROWS);
    }
    expect(CELL_TEXTAREA_MIN_ROWS).toBe(2);
    expect(CELL_TEXTAREA_MAX_ROWS).toBe(8);
    // Hours are a number cell, not free text.
    expect(within(row).getByLabelText('Hours/week').tagName).toBe('INPUT');

    // Enter adds no line break; a pasted one becomes a space.
    const first = within(row).getByLabelText('First name') as HTMLTextAreaElement;
    await user.type(first, 'Ada{Enter}Mae');
    expect(first.value).toBe('AdaMae');
    await user.clear(first);
    await user.click(first);
    await user.paste('Ada\nMae\r\nKing');
    expect(first.value).toBe('Ada Mae King');
    expect(row.isConnected).toBe(true);
  });

  // Typing into the register's autosizing text areas is slow in jsdom on a busy machine: a longer limit.
  it('moves the focus to the first cell with a message after a refused Save (a date cell is only shown)', async () => {
    const { table } = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add staff'));
    const row = editRow(table);
    await user.type(within(row).getByLabelText('First name'), 'Ava');
    await user.type(within(row).getByLabelText('Last name'), 'Lindqvist');
    await user.click(within(row).getByText('Save'));
    // A GP's registration number is the first cell, in column order, that has a message.
    const reg = within(row).getByLabelText('Reg');
    await waitFor(() => expect(document.activeElement).toBe(reg));
    expect(reg.getAttribute('aria-invalid')).toBe('true');
    expect(within(row).getAllByText('Required field').length).toBeGreaterThanOrEqual(3);

    await user.type(reg, 'MED0009990777');
    await user.click(within(row).getByText('Save'));
    // Next comes the start date: focusing it would open its calendar over the message.
    const start = within(row).getByLabelText('Start date');
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).not.toBe(start);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reg.getAttribute('aria-invalid')).not.toBe('true');
  }, 60_000);

  it('shows the renewal payment message to the practice’s manager only', async () => {
    await stack.sql.query(
      'update practices set show_message_after_renewal_payment = true where organisation_id = $1',
      [PRACTICE],
    );
    // A surveyor on the practice, then the QAM: the register, and no message addressed to the practice.
    for (const as of [surveyor, qam]) {
      const { view } = await open(as);
      expect(screen.getByText(STAFF_MESSAGES.notice)).toBeTruthy();
      expect(screen.queryByText('Renewal payment received')).toBeNull();
      view.unmount();
    }
    await open(manager);
    expect(screen.getByText('Renewal payment received')).toBeTruthy();
    expect(screen.getByLabelText('Close the renewal payment message')).toBeTruthy();
    const { rows } = await stack.sql.query(
      'select show_message_after_renewal_payment as shown from practices where organisation_id = $1',
      [PRACTICE],
    );
    expect(rows[0].shown).toBe(true);
  });

  it('closes the renewal payment message for good', async () => {
    await stack.sql.query(
      'update practices set show_message_after_renewal_payment = true where organisation_id = $1',
      [PRACTICE],
    );
    await open(manager);
    expect(screen.getByText('Renewal payment received')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Close the renewal payment message'));
    await waitFor(async () => {
      const { rows } = await stack.sql.query(
        'select show_message_after_renewal_payment as shown from practices where organisation_id = $1',
        [PRACTICE],
      );
      expect(rows[0].shown).toBe(false);
    });
    await waitFor(() => expect(screen.queryByText('Renewal payment received')).toBeNull());
  });
});
