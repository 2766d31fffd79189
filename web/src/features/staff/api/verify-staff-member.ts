import { graphql } from '../../../lib/graphql/graphql.ts';

/** Sets or clears the verification of a staff member (needs practiceStaff.verifyStaff). */
export const VerifyStaffMemberMutation = graphql(`
  mutation VerifyStaffMember($id: Int!, $verified: Boolean!) {
    verifyStaffMember(id: $id, verified: $verified) {
      id
      verified
    }
  }
`);
