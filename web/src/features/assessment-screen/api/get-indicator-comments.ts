import { graphql } from '../../../lib/graphql/graphql.ts';

/** An indicator's comments, newest first, `limit` of them, with how many there are (spec 002 §7 getComments). */
export const GetIndicatorCommentsQuery = graphql(`
  query GetIndicatorComments($responseId: Int!, $limit: Int!) {
    comments(
      where: { indicator_response_id: { _eq: $responseId }, archived: { _eq: false } }
      order_by: [{ created_at: desc }, { id: desc }]
      limit: $limit
    ) {
      id
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
    comments_aggregate(where: { indicator_response_id: { _eq: $responseId }, archived: { _eq: false } }) {
      aggregate {
        count
      }
    }
  }
`);
