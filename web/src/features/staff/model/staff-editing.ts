import { newStaffMemberDefaults, STAFF_MESSAGES, type TStaffMemberInput } from '@portal/domain';
import { hasChanges } from './staff-row.ts';

export const NEW_ROW = 'new' as const;
export type TRowKey = number | typeof NEW_ROW;

/** The one row in edit (spec 000 §4: one row at a time), its draft and its cell messages. */
export interface TEditingRow {
  key: TRowKey;
  original: TStaffMemberInput;
  draft: TStaffMemberInput;
  errors: Record<string, string>;
}

export type TEditRequest =
  | { ok: true; editing: TEditingRow }
  | { ok: false; warning: string }
  | { ok: 'same' };

const warningFor = (editing: TEditingRow) =>
  editing.key === NEW_ROW ? STAFF_MESSAGES.editingNewRowWarning : STAFF_MESSAGES.editingRowWarning;

/**
 * Moving the edit to another row (or to a new row): allowed when nothing is in edit or the row in
 * edit has no changes (it is then simply left); otherwise the warning to show. Adding is blocked
 * while a new row is pending, changed or not.
 */
export function requestEdit(
  current: TEditingRow | null,
  target: { key: number; values: TStaffMemberInput } | { key: typeof NEW_ROW },
): TEditRequest {
  if (current && current.key === target.key) {
    return target.key === NEW_ROW ? { ok: false, warning: warningFor(current) } : { ok: 'same' };
  }
  if (current && hasChanges(current.draft, current.original))
    return { ok: false, warning: warningFor(current) };
  const values = target.key === NEW_ROW ? newStaffMemberDefaults() : target.values;
  return { ok: true, editing: { key: target.key, original: values, draft: values, errors: {} } };
}

export type TLeaveRequest = { ok: true; editing: TEditingRow | null } | { ok: false; warning: string };

/**
 * Paging, a new page size, searching or filtering while a row is in edit. A stored row in edit
 * would leave the page: with changes that is blocked with the same warning as moving to another
 * row (spec 000 §4, §8); without changes it simply leaves edit. A pending new row is shown above
 * every page, so it stays as it is.
 */
export function requestLeave(current: TEditingRow | null): TLeaveRequest {
  if (!current) return { ok: true, editing: null };
  if (current.key === NEW_ROW) return { ok: true, editing: current };
  if (hasChanges(current.draft, current.original)) return { ok: false, warning: warningFor(current) };
  return { ok: true, editing: null };
}
