import { gql } from '@urql/core';

/** The signed-in user accepts an invitation: practice role, staff link, ACCEPTED. */
export const AcceptInvitationMutation = gql`
  mutation AcceptInvitation($token: String!) {
    acceptInvitation(token: $token) {
      practiceId
      practiceName
      staffId
      role
    }
  }
`;

export interface TAcceptInvitationResult {
  acceptInvitation: { practiceId: number; practiceName: string; staffId: number | null; role: string };
}
