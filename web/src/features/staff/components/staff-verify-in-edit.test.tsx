import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffedPractice, createUser, type TestUser } from '../../../test/factories.ts';
import { type SignIn, useRealStack } from '../../../test/stack-harness.tsx';
import { editRow, openStaffRegister, waitForRowSaved } from '../../../test/staff-register.ts';

/** The Verified tick of the row in edit is sent by Save, never dropped (spec 000 §6). */
describe('Verified in the row in edit, on the real stack', () => {
  const stack = useRealStack();
  /** The practice's manager; the QAM may change and verify its staff. */
  let manager: TestUser;
  let qam: TestUser;
  let practiceId: number;
  let sophieId: number;
  beforeAll(async () => {
    manager = await createUser(stack.sql);
    qam = await createUser(stack.sql, { isQam: true });
    const staffed = await createStaffedPractice(stack.sql, { manager });
    practiceId = staffed.practice.id;
    sophieId = staffed.staff.sophie.id;
  }, 60_000);

  const open = async (as: SignIn) =>
    (await openStaffRegister(stack, `/PracticeOverview/${practiceId}/Staff`, as, 'Desai')).table;
  const staff = async (where: string, params: unknown[]) =>
    (
      await stack.sql.query<{ verified: boolean; verified_by: string | null; last_name: string }>(
        `select s.verified, u.email::text as verified_by, s.last_name
           from practice_staff s left join users u on u.id = s.verified_by_id where ${where}`,
        params,
      )
    ).rows[0];

  it('as a QAM, edit + tick Verified + Save stores the change and the verification', async () => {
    const table = await open(qam);
    const user = userEvent.setup({ delay: null });
    // Sophie Scott is not verified.
    await user.click(within(table).getByLabelText('Edit Sophie Scott'));
    const row = editRow(table);
    const box = within(row).getByRole('checkbox', { name: 'Verified' }) as HTMLInputElement;
    expect(box.disabled).toBe(false);
    expect(box.checked).toBe(false);
    await user.click(box);
    await user.type(within(row).getByLabelText('Last name'), '-Reid');
    await user.click(within(row).getByText('Save'));
    await waitForRowSaved(table);
    expect(await staff('s.id = $1', [sophieId])).toEqual({
      verified: true,
      verified_by: qam.email,
      last_name: 'Scott-Reid',
    });
    // The view row shows what is stored: ticked, not reverted by the refetch.
    await waitFor(() =>
      expect((within(table).getByLabelText('Verify Sophie Scott-Reid') as HTMLInputElement).checked).toBe(
        true,
      ),
    );

    // Only the tick changed: Save still sends it (and untick withdraws it).
    await user.click(within(table).getByLabelText('Edit Sophie Scott-Reid'));
    await user.click(within(editRow(table)).getByRole('checkbox', { name: 'Verified' }));
    await user.click(within(editRow(table)).getByText('Save'));
    await waitForRowSaved(table);
    expect(await staff('s.id = $1', [sophieId])).toMatchObject({ verified: false, verified_by: null });
  }, 60_000);

  it('as a QAM, a new row ticked Verified is stored verified', async () => {
    const table = await open(qam);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add staff'));
    const row = editRow(table);
    const fill = async (label: string, text: string) => {
      await user.click(within(row).getByLabelText(label));
      await user.paste(text);
    };
    await user.click(within(row).getByRole('checkbox', { name: 'Verified' }));
    await fill('First name', 'Nell');
    await fill('Last name', 'Verity');
    await fill('Reg', 'MEDTEST0042');
    await fill('Start date', '03/02/2024');
    await fill('Email', 'nell.verity@riverbend.demo.test');
    await fill('Hours/week', '20');
    await fill('CPR expiry', '30/06/2027');
    await user.click(within(row).getByText('Save'));
    await waitForRowSaved(table);
    await within(table).findByText('Verity', {}, { timeout: 10_000 });
    expect(await staff('s.last_name = $1', ['Verity'])).toEqual({
      verified: true,
      verified_by: qam.email,
      last_name: 'Verity',
    });
  }, 60_000);

  it('never gives a practice manager an enabled Verified box, in view or in edit', async () => {
    const table = await open(manager);
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByLabelText('Edit Mei Green'));
    const row = editRow(table);
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).getByRole('img', { name: 'Not verified' })).toBeTruthy();
    const enabled = [...table.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter(
      (input) => !input.disabled,
    );
    expect(enabled).toEqual([]);
    // Mei's row was unchanged, so Add staff opens a new row: no box there either.
    await user.click(screen.getByText('Add staff'));
    await waitFor(() =>
      expect(within(editRow(table)).getByLabelText('First name')).toHaveProperty('value', ''),
    );
    expect(within(editRow(table)).queryByRole('checkbox')).toBeNull();
    expect(within(editRow(table)).getByRole('img', { name: 'Not verified' })).toBeTruthy();
  }, 60_000);
});
