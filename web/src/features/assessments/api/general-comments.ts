import { graphql } from '../../../lib/graphql/graphql.ts';

/** The surveyor summaries of an assessment, live (spec 001 §7 subscription subGeneralComments). */
export const GeneralCommentsSubscription = graphql(`
  subscription GeneralComments($assessmentId: Int!) {
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

/** A new surveyor summary of the user (spec 001 §7 POST web.generalcomment). */
export const InsertGeneralCommentMutation = graphql(`
  mutation InsertGeneralComment($assessmentId: Int!, $text: String!) {
    insert_general_comments_one(object: { assessment_id: $assessmentId, text: $text }) {
      id
      text
    }
  }
`);

/** A summary's new text (spec 001 §7 PATCH web.generalcomment). */
export const UpdateGeneralCommentMutation = graphql(`
  mutation UpdateGeneralComment($id: Int!, $text: String!) {
    update_general_comments_by_pk(pk_columns: { id: $id }, _set: { text: $text }) {
      id
      text
    }
  }
`);
