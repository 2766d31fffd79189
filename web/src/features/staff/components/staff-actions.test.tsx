import { STAFF_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createInvitation,
  createStaffedPractice,
  createUser,
  type StaffRow,
  type TestUser,
} from '../../../test/factories.ts';
import { type SignIn, useRealStack } from '../../../test/stack-harness.tsx';
import { editRow, openStaffRegister, waitForRowSaved } from '../../../test/staff-register.ts';

describe('staff actions from the Staff tab, on the real stack', () => {
  const stack = useRealStack();
  /** The practice's manager and a surveyor on it. */
  let manager: TestUser;
  let surveyor: TestUser;
  let practice: { id: number; name: string };
  let staff: Record<'mei' | 'oscar' | 'sophie' | 'ruby', StaffRow>;
  beforeAll(async () => {
    manager = await createUser(stack.sql);
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    ({ practice, staff } = await createStaffedPractice(stack.sql, { manager, surveyor }));
  }, 60_000);

  const open = async (as: SignIn) =>
    (await openStaffRegister(stack, `/PracticeOverview/${practice.id}/Staff`, as, 'Desai')).table;
  const one = async <T,>(query: string, params: unknown[] = []) =>
    (await stack.sql.query(query, params)).rows[0] as T;

  it('adds a staff member: dates go as yyyy-MM-dd and come back as dd/MM/yyyy', async () => {
    const table = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add staff'));
    const row = editRow(table);
    const fill = async (within_: HTMLElement, label: string, text: string) => {
      await user.click(within(within_).getByLabelText(label));
      await user.paste(text);
    };
    await fill(row, 'First name', 'Grace');
    await fill(row, 'Last name', 'Hopper');
    await fill(row, 'Reg', 'MEDTEST0001');
    await fill(row, 'Start date', '03/02/2024');
    await fill(row, 'Email', 'grace.hopper@riverbend.demo.test');
    await fill(row, 'Hours/week', '12.5');
    await fill(row, 'CPR expiry', '30/06/2027');
    await user.click(within(row).getByText('Save'));
    // A text cell's textarea holds its value as text too: wait for the row to leave edit first.
    await waitForRowSaved(table);
    await within(table).findByText('Hopper');
    const added = within(table).getByText('Hopper').closest('tr')!;
    expect(within(added).getByText('03/02/2024')).toBeTruthy();
    expect(within(added).getByText('30/06/2027')).toBeTruthy();
    const saved = await one<Record<string, unknown>>(
      `select title, type, employment_type, vr_status, to_char(start_date, 'YYYY-MM-DD') as start_date,
              hours_per_week::text as hours, verified from practice_staff where last_name = 'Hopper'`,
    );
    expect(saved).toEqual({
      title: 'DR',
      type: 'gp',
      employment_type: 'EMPLOYEE',
      vr_status: 'VR',
      start_date: '2024-02-03',
      hours: '12.50',
      verified: false,
    });
  }, 60_000);

  it('keeps the row in edit with the error toast when the server refuses the save', async () => {
    const table = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByLabelText('Edit Sophie Scott'));
    await user.type(within(editRow(table)).getByLabelText('Last name'), '-Jones');
    // Deleted in another tab meanwhile.
    await stack.sql.query('update practice_staff set archived = true where id = $1', [staff.sophie.id]);
    await user.click(within(editRow(table)).getByText('Save'));
    expect(await screen.findByText(STAFF_MESSAGES.saveFailed, {}, { timeout: 10_000 })).toBeTruthy();
    expect((within(editRow(table)).getByLabelText('Last name') as HTMLInputElement).value).toBe(
      'Scott-Jones',
    );
    await stack.sql.query('update practice_staff set archived = false where id = $1', [staff.sophie.id]);
  }, 60_000);

  it('deletes (archives) a staff member after the confirmation', async () => {
    const table = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByLabelText('Delete Oscar Walker'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const archived = async () =>
      (
        await one<{ archived: boolean }>('select archived from practice_staff where id = $1', [
          staff.oscar.id,
        ])
      ).archived;
    expect(await archived()).toBe(false);

    await user.click(within(table).getByLabelText('Delete Oscar Walker'));
    await user.click(within(await screen.findByRole('dialog')).getByText('Delete User'));
    await waitFor(() => expect(within(table).queryByText('Oscar')).toBeNull(), { timeout: 10_000 });
    expect(await archived()).toBe(true);
  }, 60_000);

  it('lets a surveyor on the practice verify a staff member', async () => {
    const table = await open(surveyor);
    const checkbox = within(table).getByLabelText('Verify Mei Green') as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    await userEvent.click(checkbox);
    await waitFor(
      async () =>
        expect(
          (
            await one<{ verified: boolean }>('select verified from practice_staff where id = $1', [
              staff.mei.id,
            ])
          ).verified,
        ).toBe(true),
      { timeout: 10_000 },
    );
    await waitFor(() =>
      expect((within(table).getByLabelText('Verify Mei Green') as HTMLInputElement).checked).toBe(true),
    );
  }, 60_000);

  it('invites by the spec rules: INVITE, then RE-INVITE; tooltips for accounts and declined invites', async () => {
    const table = await open(manager);
    // Rebecca Tan has an active account; Liam Wright declined his invite.
    expect(within(table).getByLabelText(STAFF_MESSAGES.tooltipActiveAccount)).toBeTruthy();
    expect(within(table).getByLabelText(STAFF_MESSAGES.tooltipRejectedInvite)).toBeTruthy();
    expect(within(table).queryByLabelText('INVITE Rebecca Tan')).toBeNull();
    expect(within(table).queryByLabelText('INVITE Liam Wright')).toBeNull();

    await userEvent.click(within(table).getByLabelText('INVITE Sophie Scott'));
    // The confirmation names the person, the address and the practice; nothing is sent before it.
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff member' });
    expect(within(dialog).getByText(staff.sophie.email)).toBeTruthy();
    expect(within(dialog).getByText(new RegExp(practice.name))).toBeTruthy();
    const invitations = async () =>
      (
        await one<{ n: number }>('select count(*)::int as n from invitations where practice_staff_id = $1', [
          staff.sophie.id,
        ])
      ).n;
    expect(await invitations()).toBe(0);
    await userEvent.click(within(dialog).getByText('Send invitation'));
    expect(
      await screen.findByText(STAFF_MESSAGES.inviteSent(staff.sophie.email), {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const invite = await one<{ status: string; email: string }>(
      'select status, email::text from invitations where practice_staff_id = $1 order by id desc limit 1',
      [staff.sophie.id],
    );
    expect(invite).toEqual({ status: 'INVITED', email: staff.sophie.email });
    const mail = await one<{ n: number }>(
      'select count(*)::int as n from email_outbox where to_address = $1',
      [staff.sophie.email],
    );
    expect(mail.n).toBe(1);
    await within(table).findByLabelText('RE-INVITE Sophie Scott', {}, { timeout: 10_000 });
    // A RE-INVITE says the earlier link stops working; Cancel sends nothing.
    await userEvent.click(within(table).getByLabelText('RE-INVITE Sophie Scott'));
    const again = await screen.findByRole('dialog', { name: 'Send a new invitation' });
    expect(within(again).getByText('The link in the earlier invitation will stop working.')).toBeTruthy();
    await userEvent.click(within(again).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await invitations()).toBe(1);
  }, 60_000);

  it('says the invite was not sent when the server refuses it', async () => {
    const table = await open(manager);
    // The staff member declined meanwhile, in another tab.
    await createInvitation(stack.sql, practice.id, {
      email: staff.ruby.email,
      practiceStaffId: staff.ruby.id,
      status: 'REJECTED',
      expiresInSeconds: 86_400,
    });
    await userEvent.click(within(table).getByLabelText('INVITE Ruby White'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByText('Send invitation'));
    expect(
      await screen.findByText(STAFF_MESSAGES.inviteFailed(staff.ruby.email), {}, { timeout: 10_000 }),
    ).toBeTruthy();
  }, 60_000);
});
