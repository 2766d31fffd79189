import { graphql } from '../../../lib/graphql/graphql.ts';

/** Adds a comment to an indicator (spec 001 §7 POST web.comment/). */
export const AddCommentMutation = graphql(`
  mutation AddComment($practiceId: Int!, $responseId: Int!, $comment: String!) {
    insert_comments_one(object: { practice_id: $practiceId, indicator_response_id: $responseId, comment: $comment }) {
      id
    }
  }
`);
