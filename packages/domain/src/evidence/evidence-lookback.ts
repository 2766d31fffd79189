import { addMonthsToWireDate, isWireDate } from '../constants/dates.ts';

/**
 * A document as evidence of an indicator (docs/decisions/evidence.md#look-back): its review or
 * expiry date, if any, and the day it takes effect.
 */
export interface TIndicatorEvidence {
  review_date?: string | null;
  effective_date?: string | null;
}

/**
 * The last day a document counts as an indicator's evidence: its review date, or the last day of
 * the indicator's look-back window (its effective date + `lookbackMonths`: a document of 10/03/2025
 * under a 12-month window counts to 10/03/2026, the last day it is "from the last twelve months"),
 * whichever comes first; null when neither applies. `evidenceState` of this day is the document's
 * state on the indicator.
 */
export function evidenceLastDay(
  document: TIndicatorEvidence,
  lookbackMonths: number | null | undefined,
): string | null {
  const review = document.review_date?.slice(0, 10) ?? '';
  const effective = document.effective_date?.slice(0, 10) ?? '';
  const windowEnd =
    lookbackMonths && lookbackMonths > 0 && isWireDate(effective)
      ? addMonthsToWireDate(effective, lookbackMonths)
      : null;
  const dates = [isWireDate(review) ? review : null, windowEnd].filter((d): d is string => d !== null);
  if (dates.length === 0) return null;
  return dates.reduce((a, b) => (a <= b ? a : b));
}

/** 'Evidence from the last 12 months' / '… last month'; blank without a window. */
export function lookbackWindowText(lookbackMonths: number | null | undefined): string {
  if (!lookbackMonths || lookbackMonths <= 0) return '';
  return lookbackMonths === 1
    ? 'Evidence from the last month'
    : `Evidence from the last ${lookbackMonths} months`;
}
