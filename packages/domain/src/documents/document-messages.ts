import { DOCUMENT_DOWNLOAD_MESSAGES } from './document-download-messages.ts';
import { MAX_DOCUMENTS_PER_CALL, MAX_FILES_PER_UPLOAD } from './document-limits.ts';
import { DOCUMENT_FILE_TYPES } from './file-types.ts';

/**
 * The words of uploads and downloads: spec 002 §5 and §8 word for word, and ours (marked) where
 * the spec has none.
 */
export const DOCUMENT_MESSAGES = {
  fileSizeExceeded: (megabytes: number) => `File size exceeded ${megabytes}MB`,
  uploadSucceeded: 'File upload was successful!',
  uploadFailed: 'Failed to upload file(s), please try again',
  /** Storage refused the upload with 403. */
  tooLarge: (count = 1) =>
    `${count > 1 ? '1 or more of the files were too large' : 'The file was too large'}, please contact your systems administrator`,
  downloadSucceeded: DOCUMENT_DOWNLOAD_MESSAGES.downloadSucceeded,
  downloadFailed:
    'Sorry, your file could not be downloaded at this time, please contact your system administrator',
  /** Ours: the spec lists the types but gives no words. */
  unsupportedType: `Only ${DOCUMENT_FILE_TYPES.map((t) => t.type).join(', ')} files can be uploaded`,
  /** Ours. */
  emptyFile: 'The file is empty',
  /** Ours. */
  nameTooLong: 'The file name is too long (at most 255 characters)',
  /** Ours: a rename to an empty name. */
  nameRequired: 'A document needs a name',
  /** Ours: a rename keeps the extension the file was checked and is served as. */
  nameKeepsExtension: (extension: string) =>
    extension === ''
      ? 'A document keeps its file type: its name cannot take an extension'
      : `A document keeps its file type: its name must end in .${extension}`,
  /** Ours: spec 002 §5 'Folder required on upload'. */
  folderRequired: 'Please choose a folder',
  /** Ours: what storage holds is not the file that was announced. */
  fileMismatch: 'The file received does not match the file chosen, please try again',
  /** Ours: the object never reached storage. */
  fileMissing: 'The file did not reach storage, please try again',
  /** Ours. */
  alreadyComplete: 'This upload is already complete',
  /** Ours. */
  noSuchUpload: 'There is no such upload',
  /** Ours. */
  noSuchDocument: 'There is no such document',
  /** Ours: the indicator response of an upload is missing, archived or of another practice. */
  noSuchIndicator: 'There is no such indicator',
  /** Ours: the caller may not change the inputs of the indicator's assessment (spec 001 §6). */
  indicatorUploadRefused: 'You cannot add files to this indicator',
  /** Ours: a document is attached to a staff field or to an indicator, never both. */
  oneAttachment: 'A file is added to a staff member or to an indicator, not both',
  /** Ours. */
  noSuchResource: 'There is no such resource',
  /** Ours: a certificate the caller cannot read, that does not exist, or that has no file yet. */
  noSuchCertificate: 'There is no such certificate file',

  // The Documents screen (spec 002 §8), word for word; where the spec's text is cut off after
  // 'please ' the ending 'try again.' is ours.
  archived: 'Successfully archived document',
  archiveFailed: 'Could not archive document, please try again.',
  archivedMany: 'Successfully archived documents.',
  archiveManyFailed: 'Could not archive documents.',
  /** The archive success message for this many documents (one, or several). */
  archiveSucceeded: (count: number) =>
    count === 1 ? 'Successfully archived document' : 'Successfully archived documents.',
  moved: 'Successfully moved documents.',
  moveFailed: 'Could not move documents.',
  documentsDownloaded: DOCUMENT_DOWNLOAD_MESSAGES.documentsDownloaded,
  documentsDownloadFailed: 'Could not download documents.',
  folderDownloaded: DOCUMENT_DOWNLOAD_MESSAGES.folderDownloaded,
  folderDownloadFailed: 'Could not download folder.',
  blobDownloadFailed: 'Oops, something happened when you were trying to download that document',
  indicatorFileDeleted: 'Successfully deleted the indicator file.',
  indicatorFileDeleteFailed: 'Could not delete the indicator file, please try again.',

  /** Ours: a document whose object is missing from storage (shown instead of an error page). */
  unavailable:
    'This document is unavailable: its file is missing. Please contact your systems administrator.',
  /** Ours: the limit warning of the upload modal (spec 002 §5 "a limit warning"). */
  tooManyFiles: `You can upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  /** Ours: an archive, move or zip call naming more documents than it may. */
  tooManyDocuments: `Choose at most ${MAX_DOCUMENTS_PER_CALL} documents at a time`,
  /** Ours. */
  noDocumentsChosen: 'Choose at least one document',
  /** Ours: the stored bytes are not of the type the name and the browser declared. */
  contentMismatch: (type: string) =>
    `The file's content is not that of a ${type} file, please check the file and try again`,
  /** Ours. */
  noSuchFolder: 'There is no such folder.',
  /** Ours: the move modal excludes the open folder (spec 002 §2). */
  sameFolder: 'Choose a folder other than the open one',
  /** Ours: a move or a zip of documents of more than one practice. */
  mixedPractices: 'The documents chosen belong to more than one practice',
  /** Ours: a document was moved or archived by someone else since the list was loaded. */
  notInFolder: 'Some of the documents are no longer in this folder, please refresh and try again',
  /** Ours: the caller may not archive one of the documents. */
  archiveRefused: 'You cannot archive these documents',
  /** Ours: the caller may not move one of the documents. */
  moveRefused: 'You cannot move these documents',
  /** Ours: spec 002 §2, §6 "own files deletable only in a self assessment IN_PROGRESS". */
  indicatorFileLocked:
    'An indicator file can be deleted only by the person who uploaded it, while the self assessment is in progress',
  /** Ours: a zip is of chosen documents or of one folder. */
  zipChooseOne: 'Choose documents or a folder to download, not both',
  /** Ours. */
  zipEmpty: 'There are no documents to download',
  /** Ours: a zip link that is forged, expired, or someone else's. */
  zipLinkInvalid: 'This download link is not valid or has expired, please download again',
  /** Ours: a zip link opened by someone who may no longer read the documents. */
  zipLinkRefused: 'You may no longer download these documents',
} as const;
