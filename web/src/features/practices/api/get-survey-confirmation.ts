import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** The survey visits of a practice's current cycle, for /Practice/SurveyConfirmation/:id. */
export const GetSurveyConfirmationQuery = graphql(`
  query GetSurveyConfirmation($id: Int!) {
    visit_reasons: visit_reason {
      value
      comment
    }
    practices_by_pk(organisation_id: $id) {
      organisation_id
      organisation {
        id
        name
        physical_address {
          id
          unit
          street
          suburb
          state
          postcode
        }
      }
      current_accreditation {
        id
        survey_visits(where: { archived: { _eq: false } }, order_by: [{ due: asc_nulls_last }, { id: asc }]) {
          id
          type
          status
          date
          due
          start_time
          end_time
          reason_for_visit
          confirmation_form_status
          confirmation_received_at
          survey_visitors(where: { status: { _eq: ACCEPTED } }, order_by: { is_lead: desc }) {
            id
            is_lead
            user {
              id
              title
              first_name
              last_name
            }
          }
        }
      }
    }
  }
`);

type TPractice = NonNullable<ResultOf<typeof GetSurveyConfirmationQuery>['practices_by_pk']>;

/** One visit of the current cycle, as GetSurveyConfirmation answers it. */
export type TSurveyVisit = NonNullable<TPractice['current_accreditation']>['survey_visits'][number];

/** The label of a visit's reason_for_visit (the survey_visit.reason choice list, spec 000 §3). */
export function visitReasonLabel(
  reasons: readonly { value: string; comment: string }[] | undefined,
  reason: string | null | undefined,
): string {
  if (!reason) return '';
  return reasons?.find((r) => r.value === reason)?.comment ?? reason;
}
