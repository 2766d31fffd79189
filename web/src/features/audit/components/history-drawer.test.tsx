import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPracticeWith, createStaffMember, createUser } from '../../../test/factories.ts';
import { gqlAs, renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/** The History drawers on the real stack, reading histories the test makes as known users. */
describe('History drawers', () => {
  const stack = useRealStack();

  it("shows a QAM the practice's phone change, old → new, with who made it; a staff row's history opens", async () => {
    const qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'Assessor' });
    const practice = await createPracticeWith(stack.sql, {
      name: 'Harbourside Family Practice',
      status: 'IN_PROGRESS',
      staffIntroSeen: true,
    });
    await stack.sql.query("update organisations set phone = '02 1111 1111' where id = $1", [practice.id]);
    await createStaffMember(stack.sql, practice.id, { firstName: 'Nina', lastName: 'Nurse' });
    const changed = await gqlAs(
      stack,
      qam,
      'mutation ($id: Int!) { update_organisations_by_pk(pk_columns: {id: $id}, _set: {phone: "02 2222 2222"}) { id } }',
      { id: practice.id },
    );
    expect(changed.errors).toBeUndefined();

    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Staff`, { as: qam });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'History of this practice' }, { timeout: 10_000 }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'History: Harbourside Family Practice' });
    // Newest first: the QAM's change, then the test's own (made with no session: 'System').
    const [entry, earlier] = await within(drawer).findAllByRole('article', { name: 'Organisation changed' });
    expect(within(entry!).getByText('Quinn Assessor (QAM)')).toBeTruthy();
    expect(within(earlier!).getByText('System')).toBeTruthy();
    const row = within(entry!).getByRole('row', { name: /Phone/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['02 1111 1111', '02 2222 2222']);
    expect(within(drawer).getByRole('article', { name: 'Practice created' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Close history' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'History of Nina Nurse' }));
    const staff = await screen.findByRole('dialog', { name: 'History: Nina Nurse' });
    const created = await within(staff).findByRole('article', { name: 'Staff member created' });
    expect(within(created).getByText('System')).toBeTruthy();
    expect(within(created).getByRole('button', { name: /Show all \d+ fields/ })).toBeTruthy();
  }, 60_000);

  it('shows a practice manager no History button', async () => {
    const pm = await createUser(stack.sql);
    const practice = await createPracticeWith(stack.sql, {
      status: 'IN_PROGRESS',
      staffIntroSeen: true,
      managers: [pm],
    });
    await createStaffMember(stack.sql, practice.id, { firstName: 'Nina', lastName: 'Nurse' });
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Staff`, { as: pm });
    expect(await screen.findByRole('button', { name: 'Edit Nina Nurse' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^History/ })).toBeNull();
  }, 60_000);
});
