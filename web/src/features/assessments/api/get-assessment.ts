import { graphql } from '../../../lib/graphql/graphql.ts';
import { ResponseFieldsFragment } from './response-fields.ts';

/**
 * The assessment's own data the screen shows (spec 001 §7 getAssessment): the assessment itself,
 * its edition's id and name, the responses with their documents and comment counts. The edition's
 * standards tree, the same for every assessment of the edition, is `GetEditionStandardsQuery`.
 * Live changes come by the responses and locks subscriptions.
 */
export const GetAssessmentQuery = graphql(
  `
  query GetAssessment($id: Int!) {
    assessments_by_pk(id: $id) {
      id
      type
      status
      due_date
      action_plan_due
      updated_at
      last_updated_by {
        id
        first_name
        last_name
      }
      survey_visit_id
      survey_visit {
        id
        type
        date
      }
      indicator_responses_aggregate {
        aggregate {
          max {
            updated_at
          }
        }
      }
      assessment_submissions {
        user_id
        submitted_at
      }
      # The latest approval: the certificate's 20-business-day clock counts from it.
      status_changes(where: { to_status: { _eq: APPROVED } }, order_by: { changed_at: desc }, limit: 1) {
        id
        changed_at
      }
      confidentiality_signs {
        user_id
      }
      counts {
        total
        complete
      }
      accreditation {
        id
        practice_id
      }
      # The edition the assessment is answered against (its own: a moved one keeps the older), by
      # id: its name and standards are a query of their own (GetEditionStandards), which the cache
      # keeps per edition (no entity shared with it, so neither answer makes the other read again).
      survey_version_id
      # Set once the assessment moved to a newer edition: it is read-only, its answers go on there.
      moved_to_assessment_id
      moved_to_assessment {
        id
        survey_version {
          id
          name
        }
      }
      indicator_responses {
        id
        indicator_id
        ...ResponseFields
        documents(where: { archived: { _eq: false }, uploaded_at: { _is_null: false } }, order_by: { created_at: desc }) {
          id
          name
          file_size
          file_type
          created_at
          created_by_id
          effective_date
          review_date
        }
      }
    }
  }
`,
  [ResponseFieldsFragment],
);
