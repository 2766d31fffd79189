/**
 * The colours that carry a meaning on more than one screen: risk ratings (spec 001 §4) and the
 * statuses of offers, visits, certificates and history entries, as Mantine colour names. Where
 * two screens show one scale in different shades (a chart, a table's cells), each use has its own
 * map here, side by side. The practice and assessment status badges of the spec take their
 * colours from the domain's `statusBadge`.
 */
import {
  RISK_RATING_LABELS,
  RISK_RATING_ORDER,
  type TCertificateVerificationState,
  type TRiskRating,
} from '@portal/domain';

/** The survey results' donut of risk ratings: the matrix's scale, Critical red to Minor green. */
export const RISK_CHART_COLOURS = {
  CRITICAL: 'red.8',
  HIGH: 'orange.6',
  MODERATE: 'yellow.5',
  LOW: 'green.5',
} as const satisfies Record<TRiskRating, string>;

/** The risk matrix's cells: High (Major) orange as the spec says, light enough for dark text. */
export const RISK_CELL_COLOURS: Record<TRiskRating, string> = {
  CRITICAL: 'var(--mantine-color-red-2)',
  HIGH: 'var(--mantine-color-orange-3)',
  MODERATE: 'var(--mantine-color-yellow-2)',
  LOW: 'var(--mantine-color-green-1)',
};

/** The analytics report's donut of Not met findings by risk rating. */
export const RISK_REPORT_COLOURS: Record<TRiskRating, string> = {
  CRITICAL: 'red.9',
  HIGH: 'orange.7',
  MODERATE: 'yellow.5',
  LOW: 'teal.5',
};

/** The analytics report's colour for a rating as the report names it (its label); grey if none. */
export function riskReportColour(label: string): string {
  const rating = RISK_RATING_ORDER.find((r) => RISK_RATING_LABELS[r] === label);
  return rating ? RISK_REPORT_COLOURS[rating] : 'gray.5';
}

/** An assessment's status badge, by the spec's label (spec 001 §2). */
export const ASSESSMENT_BADGE_COLOURS = {
  'in progress': 'blue',
  'under review': 'yellow',
  complete: 'teal',
} as const;

/** A surveyor's offers page: the answer of each offer, by its label. */
export const OFFER_ANSWER_COLOURS: Record<string, string> = {
  Offered: 'blue',
  Accepted: 'teal',
  Declined: 'gray',
};

/** The planning drawer's offer panel: each surveyor's answer, by visitor status. */
export const VISITOR_STATUS_COLOURS: Record<string, string> = {
  OFFERED: 'blue',
  ACCEPTED: 'green',
  DECLINED: 'red',
};

/** A survey visit's planning status (or To plan, grey). */
export function visitStatusColour(status: string | null | undefined): string {
  if (status === 'FINAL') return 'green';
  if (status === 'PREFERRED_DAYS_REQ') return 'blue';
  if (status === 'PLANNING') return 'yellow';
  return 'gray';
}

/** The public verify page's verdict on a certificate, by its state. */
export const CERTIFICATE_VERDICT_COLOURS = {
  current: 'teal',
  superseded: 'orange',
  revoked: 'red',
  expired: 'orange',
} as const satisfies Record<TCertificateVerificationState, string>;

/** A history entry's kind of change (the audit trail panels). */
export const AUDIT_OPERATION_COLOURS = { INSERT: 'green', UPDATE: 'blue', DELETE: 'red' } as const;

/** The practice list's due-work button, by the kind of work. */
export function dueButtonColour(kind: string): string {
  return kind === 'SET_AVAILABILITY' ? 'blue' : kind === 'RENEWAL_PAYMENT_DUE' ? 'yellow' : 'orange';
}
