import { addMonthsToWireDate, isWireDate, lastDayOfMonth } from '../constants/dates.ts';

/**
 * A survey must be scheduled at least this many months before the accreditation it renews
 * expires, so that the report, the decision and the certificate fit before the end.
 */
export const SURVEY_LEAD_MONTHS = 5;

/** The same calendar day `months` earlier (clamped to the month's last day: 31 July − 5 = 28/29 February). */
export function subtractMonthsFromWireDate(wire: string, months: number): string {
  return addMonthsToWireDate(wire, -months);
}

/** The latest day a survey of a cycle expiring on `expiry` may be scheduled. */
export function latestSurveyDay(expiry: string): string {
  return subtractMonthsFromWireDate(expiry, SURVEY_LEAD_MONTHS);
}

export interface TSurveySchedule {
  /** When the survey is scheduled: the visit's date, else its due day, else the cycle's survey_visit_due. */
  scheduled: string | null | undefined;
  /** When the current accreditation ends: its extension date when it has one, else its expiry. */
  expiry: string | null | undefined;
}

/**
 * The one rule of the planning list's flag: a survey that is not scheduled at least
 * SURVEY_LEAD_MONTHS before the accreditation expires, or not scheduled at all while it has an
 * expiry. Without an expiry there is nothing to be late for. Dates are yyyy-MM-dd.
 */
export function isSurveyScheduledTooLate({ scheduled, expiry }: TSurveySchedule): boolean {
  if (!expiry || !isWireDate(expiry.slice(0, 10))) return false;
  if (!scheduled || !isWireDate(scheduled.slice(0, 10))) return true;
  return scheduled.slice(0, 10) > latestSurveyDay(expiry.slice(0, 10));
}

/** When the survey counts as scheduled (see TSurveySchedule.scheduled). */
export function scheduledSurveyDay(row: {
  visitDate?: string | null;
  visitDue?: string | null;
  surveyVisitDue?: string | null;
}): string | null {
  return row.visitDate ?? row.visitDue ?? row.surveyVisitDue ?? null;
}

/** The accreditation's end: an extension replaces the expiry. */
export function accreditationEnd(row: {
  expiryDate?: string | null;
  extDate?: string | null;
}): string | null {
  return row.extDate ?? row.expiryDate ?? null;
}

/** A due month (yyyy-MM) → the visit's due day, the month's last day (so the whole month is "in the future"). */
export function dueDayOfMonth(month: string): string {
  return lastDayOfMonth(month);
}
