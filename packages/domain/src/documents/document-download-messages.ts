/**
 * The download confirmations of spec 002 §8, word for word: part of `DOCUMENT_MESSAGES`, and apart
 * so that the toasts' timing rule (constants/toasts.ts), which every screen loads, does not bring
 * every document message and the file types into the app's first load.
 */
export const DOCUMENT_DOWNLOAD_MESSAGES = {
  downloadSucceeded: 'Successfully downloaded document',
  documentsDownloaded: 'Successfully downloaded documents.',
  folderDownloaded: 'Successfully downloaded folder.',
} as const;
