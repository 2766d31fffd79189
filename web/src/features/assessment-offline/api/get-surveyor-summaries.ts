import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The surveyor summaries of an assessment, once (the live list is the subscription): the offline
 * copy holds them, and replay compares a queued summary with the server's.
 */
export const GetSurveyorSummariesQuery = graphql(`
  query GetSurveyorSummaries($assessmentId: Int!) {
    general_comments(
      where: { assessment_id: { _eq: $assessmentId }, archived: { _eq: false } }
      order_by: { id: asc }
    ) {
      id
      text
      user_id
      updated_at
      user {
        id
        first_name
        last_name
      }
    }
  }
`);
