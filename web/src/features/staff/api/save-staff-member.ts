import { graphql } from '../../../lib/graphql/graphql.ts';

/** Creates or updates a staff member; the action validates with ZStaffMemberSchema. */
export const SaveStaffMemberMutation = graphql(`
  mutation SaveStaffMember($practiceId: Int!, $staff: jsonb!) {
    saveStaffMember(practiceId: $practiceId, staff: $staff) {
      id
      created
    }
  }
`);
