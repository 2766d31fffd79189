import { addDaysToWireDate, formatDisplayDate, portalToday } from '@portal/domain';
import { screen, within } from '@testing-library/react';
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
  }, 60_000);

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
});
