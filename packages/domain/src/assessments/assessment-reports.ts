import { canReadAssessmentResponses } from '../permissions/assessment-access.ts';
import { assessmentButtons } from '../permissions/assessment-buttons.ts';
import type { TStoredCompliance } from './assessment-labels.ts';
import { RISK_RATINGS, type TRiskRating } from './risk-matrix.ts';

/**
 * May the user download the action plan report (spec 001 §7 generate_action_plan_report)? Whoever
 * sees the 'Action plan' button (`assessmentButtons(...).actionPlanDownload`: a survey visit under
 * review, action required, approved or certified) and may read the findings. In those statuses
 * reading the findings is reading the responses (`canReadAssessmentFindings` only adds the
 * agreement while a survey is in progress), so a practice manager gets it once the survey is past
 * review, not while it is under review. Asked by the screen, the table and the route.
 */
export function canDownloadActionPlanReport(context: Parameters<typeof assessmentButtons>[0]): boolean {
  return canReadAssessmentResponses(context) && assessmentButtons(context).actionPlanDownload;
}

/** What a non-conformity's status shows as in the reports (the admin sub-filter's words, spec 001 §2). */
export const NON_CONFORMITY_STATUS_LABELS = { OPEN: 'Open', CLOSED: 'Closed' } as const;

/** Ours: how the reports say a non-conformity was referred to the certification authority. */
export const REFERRED_TO_CA_LABEL = 'Referred to CA';

/** The fields of a NOT_MET response the summaries count. */
export interface TNonConformityFacts {
  non_conformity_status: 'OPEN' | 'CLOSED';
  refer_to_ca: boolean;
  risk_rating: TRiskRating | null;
}

/** How the non-conformities of a survey stand, overall and per risk rating (worst first). */
export interface TNonConformitySummary {
  total: number;
  open: number;
  closed: number;
  referred: number;
  /** Per rating, how many and how many still open. */
  byRating: Record<TRiskRating, { total: number; open: number }>;
  /** Not met without a rating (the risk is not entered yet). */
  unrated: number;
}

/** Counts the non-conformities (the NOT_MET responses) of a survey. */
export function summariseNonConformities(items: readonly TNonConformityFacts[]): TNonConformitySummary {
  const byRating = Object.fromEntries(RISK_RATINGS.map((r) => [r, { total: 0, open: 0 }])) as Record<
    TRiskRating,
    { total: number; open: number }
  >;
  let open = 0;
  let referred = 0;
  let unrated = 0;
  for (const item of items) {
    const isOpen = item.non_conformity_status === 'OPEN';
    if (isOpen) open++;
    if (item.refer_to_ca) referred++;
    if (item.risk_rating) {
      byRating[item.risk_rating].total++;
      if (isOpen) byRating[item.risk_rating].open++;
    } else {
      unrated++;
    }
  }
  return { total: items.length, open, closed: items.length - open, referred, byRating, unrated };
}

/** How many indicators of a survey are Met, Not met, Not applicable and not yet rated. */
export function countCompliance(values: readonly (TStoredCompliance | null)[]) {
  const counts = { MET: 0, NOT_MET: 0, NOT_APPLICABLE: 0, none: 0 };
  for (const value of values) counts[value ?? 'none']++;
  return counts;
}
