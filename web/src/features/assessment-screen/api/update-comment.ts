import { graphql } from '../../../lib/graphql/graphql.ts';

/** Edits or archives a comment (spec 002 §7 updateComment); archiving is how a comment is removed. */
export const UpdateCommentMutation = graphql(`
  mutation UpdateComment($id: Int!, $changes: comments_set_input!) {
    update_comments_by_pk(pk_columns: { id: $id }, _set: $changes) {
      id
      comment
      archived
    }
  }
`);
