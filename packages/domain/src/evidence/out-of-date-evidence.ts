import { evidenceLastDay, type TIndicatorEvidence } from './evidence-lookback.ts';
import { evidenceState } from './evidence-state.ts';

/** A piece of evidence with its review or expiry date (none: it does not go out of date). */
export type TDatedEvidence = TIndicatorEvidence;

/**
 * Whether any of the evidence is overdue on `today` (docs/decisions/evidence.md): past its review
 * date, or older than the indicator's look-back window (`lookbackMonths`, by its effective date).
 */
export function hasOutOfDateEvidence(
  evidence: readonly TDatedEvidence[],
  today: string,
  lookbackMonths?: number | null,
): boolean {
  return evidence.some((e) => evidenceState(evidenceLastDay(e, lookbackMonths), today) === 'OVERDUE');
}

/**
 * How many indicator responses have evidence out of date: one overdue document is enough. Each
 * response's indicator window comes from `lookbackOf` (by indicator id; none: no window).
 */
export function outOfDateIndicatorCount(
  responses: readonly { indicator_id?: number; documents: readonly TDatedEvidence[] }[],
  today: string,
  lookbackOf: (indicatorId: number | undefined) => number | null | undefined = () => null,
): number {
  return responses.filter((r) => hasOutOfDateEvidence(r.documents, today, lookbackOf(r.indicator_id))).length;
}

/** The summary's line; blank when none is out of date. */
export function outOfDateIndicatorsText(count: number): string {
  if (count === 0) return '';
  return `${count} ${count === 1 ? 'indicator has' : 'indicators have'} evidence out of date (past its review date or too old for the indicator)`;
}
