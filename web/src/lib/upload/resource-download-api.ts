import { graphql } from '../graphql/graphql.ts';

/**
 * An indicator resource the user may read (spec 002 §2): a short-lived download URL of its file
 * (`expiresAt` set), or its link's own url (`expiresAt` null).
 */
export const ResourceDownloadUrlQuery = graphql(`
  query ResourceDownloadUrl($resourceId: Int!) {
    resourceDownloadUrl(resourceId: $resourceId) {
      resourceId
      name
      url
      expiresAt
    }
  }
`);
