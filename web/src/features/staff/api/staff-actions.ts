import { gql } from '@urql/core';

/** Creates or updates a staff member; the action validates with ZStaffMemberSchema. */
export const SaveStaffMemberMutation = gql`
  mutation SaveStaffMember($practiceId: Int!, $staff: jsonb!) {
    saveStaffMember(practiceId: $practiceId, staff: $staff) {
      id
    }
  }
`;

/** DELETE web.practicestaff/{id}/: the row is archived, never removed. */
export const ArchiveStaffMemberMutation = gql`
  mutation ArchiveStaffMember($id: Int!) {
    archiveStaffMember(id: $id) {
      id
    }
  }
`;

/** Sets or clears the verification of a staff member (needs practiceStaff.verifyStaff). */
export const VerifyStaffMemberMutation = gql`
  mutation VerifyStaffMember($id: Int!, $verified: Boolean!) {
    verifyStaffMember(id: $id, verified: $verified) {
      id
      verified
    }
  }
`;

/** POST web.practicestaff/{id}/send_invite/: e-mails an invitation link. */
export const SendStaffInviteMutation = gql`
  mutation SendStaffInvite($id: Int!) {
    sendStaffInvite(id: $id) {
      id
      status
    }
  }
`;

/** Staff of any practice whose registration number contains the text (case-insensitive). */
export const FindStaffByRegistrationQuery = gql`
  query FindStaffByRegistration($registrationNum: String!, $practiceId: Int!) {
    findStaffByRegistration(registrationNum: $registrationNum, practiceId: $practiceId) {
      id
      practiceId
      title
      firstName
      lastName
      type
      registrationNum
      employmentType
      email
      vrStatus
      fteBand
      qicpd
      qaCpdNum
      cprExpiry
      verified
    }
  }
`;

/** One match of the registration-number look-up. */
export interface TRegistrationMatch {
  id: number;
  practiceId: number;
  title: string | null;
  firstName: string;
  lastName: string;
  type: string;
  registrationNum: string | null;
  employmentType: string | null;
  email: string | null;
  vrStatus: string | null;
  fteBand: string | null;
  qicpd: string | null;
  qaCpdNum: string | null;
  cprExpiry: string | null;
  verified: boolean;
}
