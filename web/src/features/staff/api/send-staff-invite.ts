import { graphql } from '../../../lib/graphql/graphql.ts';

/** POST web.practicestaff/{id}/send_invite/: e-mails an invitation link. */
export const SendStaffInviteMutation = graphql(`
  mutation SendStaffInvite($staffId: Int!) {
    sendStaffInvite(staffId: $staffId) {
      id
      email
      status
      message
    }
  }
`);
