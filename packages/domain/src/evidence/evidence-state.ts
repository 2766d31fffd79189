import { addDaysToWireDate, formatDisplayDate, isWireDate } from '../constants/dates.ts';

/**
 * Evidence with a life (docs/decisions/evidence.md): a CPR certificate, a registration,
 * a document to review. Its date is the last day it counts for (an expiry or a review date).
 */
export type TEvidenceState = 'CURRENT' | 'DUE_SOON' | 'OVERDUE';

/** Evidence whose date falls within this many days from today (today included) is due soon. */
export const EVIDENCE_DUE_SOON_DAYS = 30;

/** The states as the screens say them (words, never colour alone). */
export const EVIDENCE_STATE_LABELS: Record<TEvidenceState, string> = {
  CURRENT: 'Current',
  DUE_SOON: 'Due soon',
  OVERDUE: 'Overdue',
};

/**
 * The state of evidence dated `date` (yyyy-MM-dd) on `today`: OVERDUE once the date has passed,
 * DUE_SOON from EVIDENCE_DUE_SOON_DAYS days before it to the day itself, CURRENT before that;
 * null without a (real) date.
 */
export function evidenceState(date: string | null | undefined, today: string): TEvidenceState | null {
  const day = date?.slice(0, 10) ?? '';
  if (!isWireDate(day)) return null;
  if (day < today) return 'OVERDUE';
  return day <= addDaysToWireDate(today, EVIDENCE_DUE_SOON_DAYS) ? 'DUE_SOON' : 'CURRENT';
}

/** 'Overdue since dd/MM/yyyy' or 'Due soon: dd/MM/yyyy'; blank while current or without a date. */
export function evidenceStateText(date: string | null | undefined, today: string): string {
  const state = evidenceState(date, today);
  if (state === 'OVERDUE') return `Overdue since ${formatDisplayDate(date)}`;
  if (state === 'DUE_SOON') return `Due soon: ${formatDisplayDate(date)}`;
  return '';
}
