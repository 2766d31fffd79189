import { graphql } from '../../../lib/graphql/graphql.ts';

/** DELETE web.practicestaff/{id}/: the row is archived, never removed. */
export const ArchiveStaffMemberMutation = graphql(`
  mutation ArchiveStaffMember($id: Int!) {
    archiveStaffMember(id: $id) {
      id
      archived
    }
  }
`);
