import { gql } from '@urql/core';

/** Sets or clears the verification of a staff member (needs practiceStaff.verifyStaff). */
export const VerifyStaffMemberMutation = gql`
  mutation VerifyStaffMember($id: Int!, $verified: Boolean!) {
    verifyStaffMember(id: $id, verified: $verified) {
      id
      verified
    }
  }
`;
