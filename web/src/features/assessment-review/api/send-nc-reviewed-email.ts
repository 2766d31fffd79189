import { graphql } from '../../../lib/graphql/graphql.ts';

/** The review assessment modal's Send (spec 001 §7 nc_reviewed_email): its `detail` is shown. */
export const SendNcReviewedEmailMutation = graphql(`
  mutation SendNcReviewedEmail($assessmentId: Int!) {
    sendNcReviewedEmail(assessmentId: $assessmentId) {
      detail
      sentTo
      sentAt
    }
  }
`);
