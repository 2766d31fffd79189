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
