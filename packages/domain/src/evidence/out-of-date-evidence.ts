import { evidenceState } from './evidence-state.ts';

/** A piece of evidence with its review or expiry date (none: it does not go out of date). */
export interface TDatedEvidence {
  review_date?: string | null;
}

/** Whether any of the evidence is overdue on `today` (docs/decisions/evidence.md). */
export function hasOutOfDateEvidence(evidence: readonly TDatedEvidence[], today: string): boolean {
  return evidence.some((e) => evidenceState(e.review_date, today) === 'OVERDUE');
}

/** How many indicator responses have evidence out of date: one overdue document is enough. */
export function outOfDateIndicatorCount(
  responses: readonly { documents: readonly TDatedEvidence[] }[],
  today: string,
): number {
  return responses.filter((r) => hasOutOfDateEvidence(r.documents, today)).length;
}

/** The self assessment summary's line; blank when none is out of date. */
export function outOfDateIndicatorsText(count: number): string {
  if (count === 0) return '';
  return `${count} ${count === 1 ? 'indicator has' : 'indicators have'} evidence out of date (past its review date)`;
}
