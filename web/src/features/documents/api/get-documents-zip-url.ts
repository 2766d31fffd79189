import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * POST document/download and document/download-folder (spec 002 §7): a short-lived link that
 * streams the chosen documents, or a folder's, as one zip.
 */
export const GetDocumentsZipUrlQuery = graphql(`
  query GetDocumentsZipUrl($practiceId: Int!, $documentIds: [Int!], $folderId: Int) {
    documentsZipUrl(practiceId: $practiceId, documentIds: $documentIds, folderId: $folderId) {
      url
      name
      expiresAt
      count
    }
  }
`);
