import { addDaysToWireDate, formatDisplayDate, portalToday } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPracticeWith, createStaffMember, createUser, type TestUser } from '../../../test/factories.ts';
import { useRealStack } from '../../../test/stack-harness.tsx';
import { openStaffRegister } from '../../../test/staff-register.ts';

/** The row of the register that names `surname`. */
function rowOf(table: HTMLElement, surname: string): HTMLElement {
  return within(table).getByText(surname).closest('tr') as HTMLElement;
}

describe('CPR evidence on the staff register (docs/decisions/evidence.md)', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let path: string;
  beforeAll(async () => {
    manager = await createUser(stack.sql);
    const practice = await createPracticeWith(stack.sql, { managers: [manager] });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    path = `/PracticeOverview/${practice.id}/Staff`;
    await createStaffMember(stack.sql, practice.id, {
      firstName: 'Olga',
      lastName: 'Lapsed',
      cprExpiresIn: -1,
    });
    await createStaffMember(stack.sql, practice.id, {
      firstName: 'Dana',
      lastName: 'Soonish',
      cprExpiresIn: 30,
    });
    await createStaffMember(stack.sql, practice.id, {
      firstName: 'Cara',
      lastName: 'Current',
      cprExpiresIn: 31,
    });
  }, 60_000);

  it('spec 000 §5: the row says Overdue or Due soon in words beside the CPR expiry (dd/MM/yyyy)', async () => {
    const { table } = await openStaffRegister(stack, path, manager, 'Lapsed');
    const today = portalToday();
    const lapsed = rowOf(table, 'Lapsed');
    expect(within(lapsed).getByText(formatDisplayDate(addDaysToWireDate(today, -1)))).toBeTruthy();
    expect(within(lapsed).getByText('Overdue')).toBeTruthy();
    expect(within(rowOf(table, 'Soonish')).getByText('Due soon')).toBeTruthy();
    const current = rowOf(table, 'Current');
    expect(within(current).queryByText('Due soon')).toBeNull();
    expect(within(current).queryByText('Overdue')).toBeNull();
    expect(screen.getByRole('table', { name: 'Staff register' })).toBe(table);
  });
});
