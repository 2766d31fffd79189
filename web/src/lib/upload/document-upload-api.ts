import { graphql, type ResultOf, type VariablesOf } from '../graphql/graphql.ts';

/** Step 1 of an upload (DESIGN §6): a pending document and its presigned PUT URL. */
export const CreateDocumentMutation = graphql(`
  mutation CreateDocument(
    $practiceId: Int!
    $name: String!
    $contentType: String!
    $size: Float!
    $folderId: Int
    $folderCode: String
    $staffId: Int
    $staffField: StaffDocumentField
    $indicatorResponseId: Int
  ) {
    createDocument(
      practiceId: $practiceId
      name: $name
      contentType: $contentType
      size: $size
      folderId: $folderId
      folderCode: $folderCode
      staffId: $staffId
      staffField: $staffField
      indicatorResponseId: $indicatorResponseId
    ) {
      documentId
      uploadUrl
      contentType
      expiresAt
      maxFileSizeMb
    }
  }
`);

/** Step 3: the stored object is checked and the document completed (and attached). */
export const CompleteDocumentMutation = graphql(`
  mutation CompleteDocument($documentId: Int!) {
    completeDocument(documentId: $documentId) {
      documentId
      name
      folderId
      fileSize
      fileType
      uploadedAt
      staffId
      staffField
      message
    }
  }
`);

/** The PUT failed: the pending document is cleaned up. */
export const AbandonDocumentMutation = graphql(`
  mutation AbandonDocument($documentId: Int!) {
    abandonDocument(documentId: $documentId) {
      documentId
      archived
    }
  }
`);

/** A short-lived download URL of a document the user may read. */
export const DocumentDownloadUrlQuery = graphql(`
  query DocumentDownloadUrl($documentId: Int!) {
    documentDownloadUrl(documentId: $documentId) {
      documentId
      name
      url
      expiresAt
    }
  }
`);

/** The completed (and attached) document, as completeDocument answers it. */
export type TCompletedDocument = ResultOf<typeof CompleteDocumentMutation>['completeDocument'];

/** Where an upload goes: a folder (by id or code) and, for a staff document, its row and field. */
/** (and, for an indicator's document, its response: the folder is still required, spec 001 §5). */
export type TUploadTarget = Omit<VariablesOf<typeof CreateDocumentMutation>, 'name' | 'contentType' | 'size'>;
