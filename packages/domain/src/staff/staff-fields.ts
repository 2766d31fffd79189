import type { TEmploymentStatus, TStaffType } from './staff-options.ts';

export type TFieldRule = 'required' | 'optional' | 'hidden';

/** Which conditional fields a staff row shows, and whether they are required (spec 000 §5). */
export function staffFieldRules(row: {
  type?: TStaffType | null;
  employmentStatus?: TEmploymentStatus | null;
}): {
  registrationNum: TFieldRule;
  resignationDate: TFieldRule;
  vrStatus: TFieldRule;
  qicpd: TFieldRule;
} {
  const type = row.type ?? null;
  return {
    // Required for GPs and nurses, hidden for support and other; allied health may give one.
    registrationNum:
      type === 'gp' || type === 'nurse'
        ? 'required'
        : type === 'support' || type === 'other'
          ? 'hidden'
          : 'optional',
    resignationDate: row.employmentStatus === 'INACTIVE' ? 'required' : 'hidden',
    vrStatus: type === 'gp' ? 'optional' : 'hidden',
    qicpd: type === 'gp' ? 'optional' : 'hidden',
  };
}

/** Changing the employment status: back to ACTIVE clears the resignation date (spec 000 §4). */
export function withEmploymentStatus<T extends { employmentStatus?: unknown; resignationDate?: unknown }>(
  row: T,
  employmentStatus: TEmploymentStatus,
): T {
  return employmentStatus === 'ACTIVE'
    ? { ...row, employmentStatus, resignationDate: null }
    : { ...row, employmentStatus };
}

/** Number cells accept only digits and one decimal point (spec 000 §5). */
export function isNumberCellText(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}

/** Filters typed text down to what a number cell accepts: digits and the first decimal point. */
export function numberCellText(text: string): string {
  let seenPoint = false;
  let out = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out;
}

/** Which kind of cell a field is, which decides its required message. */
export type TCellKind = 'text' | 'date' | 'autocomplete' | 'select' | 'checkbox' | 'number';

export const STAFF_CELL_KINDS = {
  verified: 'checkbox',
  title: 'select',
  firstName: 'text',
  lastName: 'text',
  type: 'select',
  registrationNum: 'text',
  employmentType: 'select',
  startDate: 'date',
  employmentStatus: 'select',
  resignationDate: 'date',
  email: 'text',
  vrStatus: 'select',
  hoursPerWeek: 'number',
  cprExpiry: 'date',
  qicpd: 'text',
  qaCpdNum: 'text',
  fteBand: 'select',
  phone: 'text',
} as const satisfies Record<string, TCellKind>;
export type TStaffCellField = keyof typeof STAFF_CELL_KINDS;
