import { RISK_RATING_LABELS, RISK_RATINGS, type TRiskRating } from '../assessments/risk-matrix.ts';
import type { TReportColumn, TReportTable } from './report-table.ts';

/**
 * The analytics report (docs/decisions/reports.md): how the standards fare across practices, from
 * the findings of survey visits. Which surveys count, how its tables are made and what their
 * columns are live here; the actions service reads the figures
 * (`services/reports/analytics-report.ts`), the screen draws them (`AnalyticsReportPage`).
 */

/**
 * The statuses of a survey visit assessment whose findings count: every surveyor has submitted
 * (UNDER_REVIEW) or later. IN_PROGRESS and PARTIALLY_SUBMITTED surveys are still being rated and
 * would move the figures under the reader's feet.
 */
export const ANALYTICS_SURVEY_STATUSES = [
  'UNDER_REVIEW',
  'ACTION_REQUIRED',
  'APPROVED',
  'CERTIFIED',
] as const;

/** How many indicators the 'most often Not met' table lists. */
export const ANALYTICS_MOST_NOT_MET = 20;

/**
 * The most rows the per-indicator table holds (an edition has a few hundred indicators; several
 * editions in use at once stay well under this). Rows past it are left out and the title says so.
 */
export const ANALYTICS_INDICATOR_ROWS = 1000;

/** Rated findings: Met or Not met (Not applicable is counted apart and left out of the rate). */
export function metRate(met: number, notMet: number): number | null {
  const rated = met + notMet;
  return rated === 0 ? null : met / rated;
}

/** A share 0–1 of a whole, or nothing when the whole is empty. */
export function shareOf(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

const text = (key: string, label: string): TReportColumn => ({ key, label, kind: 'text' });
const count = (key: string, label: string): TReportColumn => ({ key, label, kind: 'count' });
const rate = (key: string, label: string): TReportColumn => ({ key, label, kind: 'rate' });
const days = (key: string, label: string): TReportColumn => ({ key, label, kind: 'days' });

const ANALYTICS_MAPPED_LABEL = 'From older editions';

const COMPLIANCE_COLUMNS: TReportColumn[] = [
  count('practices', 'Practices'),
  count('rated', 'Findings rated'),
  count('met', 'Met'),
  count('notMet', 'Not met'),
  count('notApplicable', 'Not applicable'),
  rate('metRate', 'Met rate'),
  // Only when the report compares on one edition: the findings of this row made on an older one.
  count('mapped', ANALYTICS_MAPPED_LABEL),
];

/** The column that says where a row's figures mix editions (compared on one edition). */
export const ANALYTICS_MAPPED_COLUMN = 'mapped';

/**
 * A compliance table's title when the report compares on one edition, naming the older editions
 * whose findings were counted through a mapping (none: the edition's own findings only).
 */
export function comparedOnEditionTitle(
  title: string,
  edition: string,
  olderEditions: readonly string[],
): string {
  const through = olderEditions.length
    ? `; findings on ${olderEditions.join(', ')} counted through the mapping`
    : '';
  return `${title}, on ${edition}${through}`;
}

/** The tables of the analytics report, in screen order, without their rows. */
export const ANALYTICS_TABLES = {
  standards: {
    key: 'standards',
    title: 'Compliance by standard',
    columns: [text('edition', 'Edition'), text('standard', 'Standard'), ...COMPLIANCE_COLUMNS],
  },
  criteria: {
    key: 'criteria',
    title: 'Compliance by criterion',
    columns: [
      text('edition', 'Edition'),
      text('standard', 'Standard'),
      text('criterion', 'Criterion'),
      ...COMPLIANCE_COLUMNS,
    ],
  },
  indicators: {
    key: 'indicators',
    title: 'Compliance by indicator',
    columns: [
      text('edition', 'Edition'),
      text('code', 'Indicator'),
      text('indicator', 'Description'),
      ...COMPLIANCE_COLUMNS,
    ],
  },
  mostNotMet: {
    key: 'most-not-met',
    title: `Indicators most often Not met (top ${ANALYTICS_MOST_NOT_MET})`,
    columns: [
      text('code', 'Indicator'),
      text('indicator', 'Description'),
      count('notMet', 'Not met findings'),
      count('practicesNotMet', 'Practices Not met'),
      count('practices', 'Practices rated'),
      rate('shareOfPractices', 'Share of practices'),
    ],
  },
  riskRatings: {
    key: 'risk-ratings',
    title: 'Risk ratings of Not met findings',
    columns: [
      text('rating', 'Risk rating'),
      count('findings', 'Findings'),
      count('open', 'Open'),
      count('closed', 'Closed'),
      rate('share', 'Share'),
    ],
  },
  timeToClose: {
    key: 'time-to-close',
    title: "Days from 'Action required'",
    columns: [
      text('measure', 'To'),
      count('done', 'Done'),
      count('waiting', 'Still waiting'),
      days('median', 'Median days'),
      days('p75', '75th percentile days'),
      days('p90', '90th percentile days'),
    ],
  },
  trend: {
    key: 'trend',
    title: 'Surveys per month',
    columns: [
      text('month', 'Month'),
      count('surveys', 'Surveys'),
      count('rated', 'Findings rated'),
      rate('metRate', 'Met rate'),
      count('nonConformities', 'Non-conformities raised'),
    ],
  },
} as const satisfies Record<string, Omit<TReportTable, 'rows'>>;

/** The label users read for a rating row ('Not rated' for a Not met finding without one). */
export const NOT_RATED_LABEL = 'Not rated';

/**
 * The risk ratings table's rows, worst first, every rating present (zeros included) so the donut
 * and the table always read the same way; 'Not rated' only when some finding has no rating.
 */
export function riskRatingRows(
  counts: readonly { rating: TRiskRating | null; findings: number; open: number; closed: number }[],
): { rating: string; findings: number; open: number; closed: number; share: number | null }[] {
  const total = counts.reduce((sum, row) => sum + row.findings, 0);
  const of = (rating: TRiskRating | null) =>
    counts.find((row) => row.rating === rating) ?? { findings: 0, open: 0, closed: 0 };
  const rows = RISK_RATINGS.map((rating) => {
    const row = of(rating);
    return {
      rating: RISK_RATING_LABELS[rating],
      findings: row.findings,
      open: row.open,
      closed: row.closed,
      share: shareOf(row.findings, total),
    };
  });
  const unrated = of(null);
  if (unrated.findings > 0)
    rows.push({
      rating: NOT_RATED_LABEL,
      findings: unrated.findings,
      open: unrated.open,
      closed: unrated.closed,
      share: shareOf(unrated.findings, total),
    });
  return rows;
}
