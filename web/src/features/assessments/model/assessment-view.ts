import type { TChecklistItemRef, TIndicatorResponseFields } from '@portal/domain';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import type { GetAssessmentQuery } from '../api/get-assessment.ts';
import type { GetEditionStandardsQuery } from '../api/get-edition-standards.ts';
import type { TStoredResponse } from './response-store.ts';

/** The assessment's own data as `GetAssessmentQuery` reads it (its edition by id only). */
export type TAssessmentRow = NonNullable<ResultOf<typeof GetAssessmentQuery>['assessments_by_pk']>;
/** An edition's standards (`GetEditionStandardsQuery`). */
export type TEditionStandards = NonNullable<
  ResultOf<typeof GetEditionStandardsQuery>['survey_versions_by_pk']
>;
/** The assessment as the screen shows it (and the device keeps it): its own data and its edition's standards. */
export type TAssessmentData = TAssessmentRow & { survey_version: TEditionStandards | null };
export type TIndicatorSet = NonNullable<TAssessmentData['survey_version']>['indicator_sets'][number];
export type TIndicator = TIndicatorSet['indicators'][number];
export type TResponseRow = TAssessmentData['indicator_responses'][number];

/**
 * The assessment with its edition's standards, once both are here: null while the standards of
 * its edition (`survey_version_id`) are not (an assessment without an edition needs none).
 */
export function withStandards(
  row: TAssessmentRow,
  standards: TEditionStandards | null | undefined,
): TAssessmentData | null {
  if (row.survey_version_id == null) return { ...row, survey_version: null };
  if (!standards || standards.id !== row.survey_version_id) return null;
  return { ...row, survey_version: standards };
}

/** The checklist items of an indicator as the domain's rules take them. */
export function indicatorItems(indicator: TIndicator): TChecklistItemRef[] {
  return indicator.checklists.flatMap((question) =>
    question.checklist_items.map((item) => ({
      question: question.question_number,
      item: item.item_number,
      mustHave: item.must_have,
    })),
  );
}

/** A response row as the store keeps it (checklists arrive as JSON). */
export function toStoredResponse(
  row: {
    id: number;
    indicator_id: number;
    checklists: unknown;
    date_closed?: string | null;
    new_in_edition?: boolean;
    review_after_move?: boolean;
  } & Omit<TIndicatorResponseFields, 'checklists'>,
): TStoredResponse {
  const checklists =
    row.checklists && typeof row.checklists === 'object' && !Array.isArray(row.checklists)
      ? (row.checklists as TStoredResponse['checklists'])
      : {};
  return {
    id: row.id,
    indicator_id: row.indicator_id,
    compliance: row.compliance,
    is_marked_complete: row.is_marked_complete,
    further_action_required: row.further_action_required,
    reviewed: row.reviewed,
    non_conformity_status: row.non_conformity_status,
    refer_to_ca: row.refer_to_ca,
    non_compliance_statement: row.non_compliance_statement,
    non_compliance_type: row.non_compliance_type,
    risk_type: row.risk_type,
    risk_likelihood: row.risk_likelihood,
    risk_impact: row.risk_impact,
    risk_rating: row.risk_rating,
    observation: row.observation,
    action_plan: row.action_plan,
    checklists,
    date_closed: row.date_closed ?? null,
    new_in_edition: row.new_in_edition ?? false,
    review_after_move: row.review_after_move ?? false,
  };
}
