import { graphql } from '../../../lib/graphql/graphql.ts';
import { ResponseFieldsFragment } from './response-fields.ts';

/**
 * Everything the assessment screen shows, in one request (spec 001 §7 getAssessment, the
 * indicator sets of its survey version, its responses): the standards tree, the responses with
 * their documents and comment counts, and the assessment itself. Live changes come by the
 * responses and locks subscriptions.
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
      # The edition the assessment is answered against (its own: a moved one keeps the older).
      survey_version {
        id
        name
        indicator_sets(where: { type: { _eq: STANDARDS } }, order_by: [{ sort_order: asc }, { id: asc }]) {
          id
          name
          full_code
          indicators(order_by: [{ sort_order: asc }, { id: asc }]) {
            id
            code
            name
            criterion_code
            description
            document_folder_id
            evidence_lookback_months
            checklists(order_by: { question_number: asc }) {
              id
              question_number
              question_text
              checklist_items(order_by: { item_number: asc }) {
                id
                item_number
                item_text
                must_have
              }
            }
            indicator_resources(where: { archived: { _eq: false } }, order_by: { name: asc }) {
              id
              name
              url
              file_type
            }
          }
        }
      }
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
        comments_aggregate(where: { archived: { _eq: false } }) {
          aggregate {
            count
          }
        }
      }
    }
  }
`,
  [ResponseFieldsFragment],
);
