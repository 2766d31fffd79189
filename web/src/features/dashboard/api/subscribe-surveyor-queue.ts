import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * One of the dashboard's work queues, a live query per role scope (decisions/dashboard.md): the
 * engine sends the first answer at once and a new one whenever it changes, so counts move without
 * a reload. The filter comes from the domain, which also decides which rows are work.
 */

/** The surveyor's own offers and visits, with their signature, submission and summary on each assessment. */
export const SurveyorQueueSubscription = graphql(`
  subscription SurveyorQueue($where: survey_visitors_bool_exp!, $userId: Int!) {
    survey_visitors(where: $where, order_by: { id: asc }, limit: 200) {
      id
      status
      practice_name
      survey_visit {
        id
        status
        type
        due
        date
        archived
        accreditation {
          id
          practice_id
        }
        preferred_days(where: { user_id: { _eq: $userId } }, limit: 1) {
          id
        }
        assessments(
          where: { type: { _eq: SURVEY_VISIT }, moved_to_assessment_id: { _is_null: true } }
          order_by: { id: asc }
        ) {
          id
          type
          status
          confidentiality_signs(where: { user_id: { _eq: $userId } }) {
            id
          }
          assessment_submissions(where: { user_id: { _eq: $userId } }) {
            id
          }
          general_comments(where: { user_id: { _eq: $userId }, archived: { _eq: false } }) {
            id
          }
        }
      }
    }
  }
`);
