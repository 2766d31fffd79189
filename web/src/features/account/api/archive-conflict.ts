import { graphql } from '../../../lib/graphql/graphql.ts';

/** Archives one of the surveyor's own conflicts (action `archiveConflict`; never deleted). */
export const ArchiveConflictMutation = graphql(`
  mutation ArchiveConflict($conflictId: Int!) {
    archiveConflict(conflictId: $conflictId) {
      id
      message
    }
  }
`);
