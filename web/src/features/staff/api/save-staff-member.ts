import { gql } from '@urql/core';

/** Creates or updates a staff member; the action validates with ZStaffMemberSchema. */
export const SaveStaffMemberMutation = gql`
  mutation SaveStaffMember($practiceId: Int!, $staff: jsonb!) {
    saveStaffMember(practiceId: $practiceId, staff: $staff) {
      id
      created
    }
  }
`;
