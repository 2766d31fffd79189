import { graphql } from '../../../lib/graphql/graphql.ts';

/** A new surveyor summary of the user (spec 001 §7 POST web.generalcomment). */
export const InsertGeneralCommentMutation = graphql(`
  mutation InsertGeneralComment($assessmentId: Int!, $text: String!) {
    insert_general_comments_one(object: { assessment_id: $assessmentId, text: $text }) {
      id
      text
    }
  }
`);
