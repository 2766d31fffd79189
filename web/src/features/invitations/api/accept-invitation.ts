import { graphql } from '../../../lib/graphql/graphql.ts';

/** The signed-in user accepts an invitation: practice role, staff link, ACCEPTED. */
export const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!) {
    acceptInvitation(token: $token) {
      practiceId
      practiceName
      staffId
      role
    }
  }
`);
