import { graphql } from '../../../lib/graphql/graphql.ts';

/** POST document/batch-delete with action 'archive' (spec 002 §7): one transaction, all or nothing. */
export const ArchiveDocumentsMutation = graphql(`
  mutation ArchiveDocuments($documentIds: [Int!]!) {
    archiveDocuments(documentIds: $documentIds) {
      documentIds
      message
    }
  }
`);
