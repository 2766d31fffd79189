import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * Every comment of an assessment's indicators, newest first: the offline copy holds them (issue
 * 19), and replay checks a queued comment against them so it is never added twice.
 */
export const GetAssessmentCommentsQuery = graphql(`
  query GetAssessmentComments($assessmentId: Int!) {
    comments(
      where: { indicator_response: { assessment_id: { _eq: $assessmentId } }, archived: { _eq: false } }
      order_by: [{ created_at: desc }, { id: desc }]
    ) {
      id
      indicator_response_id
      comment
      created_at
      updated_at
      created_by_id
      created_by {
        id
        first_name
        last_name
      }
    }
  }
`);
