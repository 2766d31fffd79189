import { graphql } from '../../../lib/graphql/graphql.ts';

/** Archives (archived true) or restores a resource or factsheet. */
export const ArchiveResourceMutation = graphql(`
  mutation ArchiveResource($resourceId: Int!, $archived: Boolean!) {
    archiveResource(resourceId: $resourceId, archived: $archived) {
      resourceId
      archived
      message
    }
  }
`);
