import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * What the review of a survey needs beyond the screen's query: which indicators are mandatory
 * (the 20 % rule), the action plans entered, and who submitted when.
 */
export const GetReviewPanelQuery = graphql(`
  query GetReviewPanel($assessmentId: Int!) {
    assessments_by_pk(id: $assessmentId) {
      id
      survey_visit {
        id
        type
      }
      assessment_submissions(order_by: { submitted_at: asc }) {
        user_id
        submitted_at
        user {
          id
          first_name
          last_name
        }
      }
      survey_version {
        id
        indicator_sets(where: { type: { _eq: STANDARDS } }) {
          id
          indicators {
            id
            mandatory
          }
        }
      }
      indicator_responses(where: { archived: { _eq: false } }) {
        id
        indicator_id
        action_plan
      }
    }
  }
`);
