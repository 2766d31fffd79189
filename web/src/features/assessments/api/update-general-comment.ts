import { graphql } from '../../../lib/graphql/graphql.ts';

/** A summary's new text (spec 001 §7 PATCH web.generalcomment). */
export const UpdateGeneralCommentMutation = graphql(`
  mutation UpdateGeneralComment($id: Int!, $text: String!) {
    update_general_comments_by_pk(pk_columns: { id: $id }, _set: { text: $text }) {
      id
      text
    }
  }
`);
