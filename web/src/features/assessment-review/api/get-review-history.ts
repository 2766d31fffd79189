import { graphql } from '../../../lib/graphql/graphql.ts';

/** The review history of an assessment (spec 001 §7 nc_reviewed_history): newest first. */
export const GetReviewHistoryQuery = graphql(`
  query GetReviewHistory($assessmentId: Int!) {
    review_history(where: { assessment_id: { _eq: $assessmentId } }, order_by: [{ sent_at: desc }, { id: desc }]) {
      id
      sent_at
      sent_to
      sent_by {
        id
        first_name
        last_name
      }
    }
  }
`);
