import { addDaysToWireDate, formatDisplayDate, portalToday } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDocument,
  createFolder,
  createPracticeWith,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/** Documents due for review on the Documents tab (docs/decisions/evidence.md). */
describe("the Documents tab shows each document's review date and its state", () => {
  const stack = useRealStack();
  let manager: TestUser;
  let path: string;
  const today = portalToday();
  const overdue = addDaysToWireDate(today, -1);
  const soon = addDaysToWireDate(today, 10);
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    const practice = await createPracticeWith(sql, { managers: [manager] });
    await sql.query('update practices set is_documents_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const policies = await createFolder(sql, { practiceId: practice.id, name: 'Policies' });
    path = `/PracticeOverview/${practice.id}/Documents?folder=${policies.id}`;
    const doc = (name: string, reviewDate?: string) =>
      createDocument(sql, practice.id, {
        folderId: policies.id,
        name,
        createdBy: manager,
        effectiveDate: addDaysToWireDate(today, -400),
        reviewDate,
      });
    await doc('Infection control policy.pdf', overdue);
    await doc('Privacy policy.pdf', soon);
    await doc('Floor plan.pdf');
    feeSchedule = await doc('Fee schedule.pdf');
  }, 60_000);
  let feeSchedule: number;

  it('spec 002 §5: a Review date column (dd/MM/yyyy) says Overdue or Due soon in words', async () => {
    await renderAppOnStack(stack, path, { as: manager });
    const table = await screen.findByRole('table', { name: 'Documents in Policies' }, { timeout: 15_000 });
    expect(within(table).getByRole('columnheader', { name: 'Review date' })).toBeTruthy();
    const rowOf = (name: string) => within(table).getByRole('button', { name }).closest('tr') as HTMLElement;
    const late = rowOf('Infection control policy.pdf');
    expect(within(late).getByText(formatDisplayDate(overdue))).toBeTruthy();
    expect(within(late).getByText('Overdue')).toBeTruthy();
    expect(within(rowOf('Privacy policy.pdf')).getByText('Due soon')).toBeTruthy();
    const none = rowOf('Floor plan.pdf');
    expect(within(none).queryByText('Overdue')).toBeNull();
    expect(within(none).queryByText('Due soon')).toBeNull();
  });

  it("issue 32, spec 002 §5: the manager sets a document's dates as dd/MM/yyyy; the server's refusal shows and changes nothing", async () => {
    const datesOf = async () =>
      (
        await stack.sql.query(
          'select effective_date::text as effective, review_date::text as review from documents where id = $1',
          [feeSchedule],
        )
      ).rows[0];
    const before = await datesOf();
    await renderAppOnStack(stack, path, { as: manager });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Edit dates of Fee schedule.pdf' }, { timeout: 15_000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Document dates' });
    const field = (name: string) =>
      within(modal).getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
    expect(field('Effective date').value).toBe(formatDisplayDate(before.effective));
    expect(field('Review date').value).toBe('');
    // A review date before the effective date: the database refuses it, in its words.
    await user.type(field('Review date'), formatDisplayDate(addDaysToWireDate(before.effective, -1)));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'The review date cannot be before the effective date',
    );
    expect(await datesOf()).toEqual(before);

    const effective = addDaysToWireDate(today, -30);
    const review = addDaysToWireDate(today, 20);
    await user.clear(field('Effective date'));
    await user.type(field('Effective date'), formatDisplayDate(effective));
    await user.clear(field('Review date'));
    await user.type(field('Review date'), formatDisplayDate(review));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Document dates' })).toBeNull(), {
      timeout: 10_000,
    });
    expect(await datesOf()).toEqual({ effective, review });
    const table = screen.getByRole('table', { name: 'Documents in Policies' });
    const row = within(table).getByRole('button', { name: 'Fee schedule.pdf' }).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText(formatDisplayDate(review))).toBeTruthy());
    expect(within(row).getByText('Due soon')).toBeTruthy();
  });
});
