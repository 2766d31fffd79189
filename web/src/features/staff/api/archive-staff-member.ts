import { gql } from '@urql/core';

/** DELETE web.practicestaff/{id}/: the row is archived, never removed. */
export const ArchiveStaffMemberMutation = gql`
  mutation ArchiveStaffMember($id: Int!) {
    archiveStaffMember(id: $id) {
      id
      archived
    }
  }
`;
