import { graphql } from '../../../lib/graphql/graphql.ts';

/** POST document/batch-move (spec 002 §7): documents, oldFolder, folder; one transaction. */
export const MoveDocumentsMutation = graphql(`
  mutation MoveDocuments($documentIds: [Int!]!, $fromFolderId: Int!, $toFolderId: Int!) {
    moveDocuments(documentIds: $documentIds, fromFolderId: $fromFolderId, toFolderId: $toFolderId) {
      documentIds
      folderId
      message
    }
  }
`);
