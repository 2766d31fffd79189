import { gql } from '@urql/core';

/** POST web.practicestaff/{id}/send_invite/: e-mails an invitation link. */
export const SendStaffInviteMutation = gql`
  mutation SendStaffInvite($staffId: Int!) {
    sendStaffInvite(staffId: $staffId) {
      id
      email
      status
      message
    }
  }
`;
