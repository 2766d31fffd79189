import type { TIndicatorResponseFields } from './indicator-response.ts';
import type { TRiskRating } from './risk-matrix.ts';

/** The survey results of the summary panel (spec 001 §2): what the charts and counts show. */
export interface TSurveyResults {
  met: number;
  notMet: number;
  /** Responses with an opportunity for improvement written (the count of improvements suggested). */
  improvements: number;
  /** NOT_MET responses by risk rating. */
  risks: Record<TRiskRating, number>;
}

/** The risk ratings in the order the chart shows them (Critical, Major, Moderate, Minor). */
export const RISK_RATING_ORDER: readonly TRiskRating[] = ['CRITICAL', 'HIGH', 'MODERATE', 'LOW'];

/**
 * Counts the survey results of these responses, as the view `assessment_counts` counts them (mets,
 * not_mets, improvements, risk_* among NOT_MET), so the live screen and the stored counts agree.
 */
export function surveyResults(
  responses: ReadonlyArray<Pick<TIndicatorResponseFields, 'compliance' | 'observation' | 'risk_rating'>>,
): TSurveyResults {
  const risks: Record<TRiskRating, number> = { CRITICAL: 0, HIGH: 0, MODERATE: 0, LOW: 0 };
  let met = 0;
  let notMet = 0;
  let improvements = 0;
  for (const r of responses) {
    if (r.compliance === 'MET') met += 1;
    if (r.compliance === 'NOT_MET') {
      notMet += 1;
      if (r.risk_rating) risks[r.risk_rating] += 1;
    }
    if ((r.observation ?? '').trim().length > 0) improvements += 1;
  }
  return { met, notMet, improvements, risks };
}
