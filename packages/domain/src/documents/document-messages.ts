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
  downloadSucceeded: 'Successfully downloaded document',
  downloadFailed:
    'Sorry, your file could not be downloaded at this time, please contact your system administrator',
  /** Ours: the spec lists the types but gives no words. */
  unsupportedType: `Only ${DOCUMENT_FILE_TYPES.map((t) => t.type).join(', ')} files can be uploaded`,
  /** Ours. */
  emptyFile: 'The file is empty',
  /** Ours. */
  nameTooLong: 'The file name is too long (at most 255 characters)',
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
} as const;
