import { gql } from '@urql/core';

/** Step 1 of an upload (DESIGN §6): a pending document and its presigned PUT URL. */
export const CreateDocumentMutation = gql`
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
`;

/** Step 3: the stored object is checked and the document completed (and attached). */
export const CompleteDocumentMutation = gql`
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
`;

/** The PUT failed: the pending document is cleaned up. */
export const AbandonDocumentMutation = gql`
  mutation AbandonDocument($documentId: Int!) {
    abandonDocument(documentId: $documentId) {
      documentId
      archived
    }
  }
`;

/** A short-lived download URL of a document the user may read. */
export const DocumentDownloadUrlQuery = gql`
  query DocumentDownloadUrl($documentId: Int!) {
    documentDownloadUrl(documentId: $documentId) {
      documentId
      name
      url
      expiresAt
    }
  }
`;

export interface TCreatedDocument {
  documentId: number;
  uploadUrl: string;
  contentType: string;
  expiresAt: string;
  maxFileSizeMb: number;
}

export interface TCompletedDocument {
  documentId: number;
  name: string;
  folderId: number;
  fileSize: number;
  fileType: string;
  uploadedAt: string;
  staffId: number | null;
  staffField: string | null;
  message: string;
}

/** Where an upload goes: a folder (by id or code) and, for a staff document, its row and field. */
export interface TUploadTarget {
  practiceId: number;
  folderId?: number | null;
  folderCode?: string | null;
  staffId?: number | null;
  staffField?: string | null;
  /** An upload from an indicator: its response (the folder is still required, spec 001 §5). */
  indicatorResponseId?: number | null;
}
