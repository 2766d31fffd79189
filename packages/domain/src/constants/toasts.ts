import { DOCUMENT_DOWNLOAD_MESSAGES } from '../documents/document-download-messages.ts';
import { SURVEY_CONFIRMATION_MESSAGES } from '../practices/renewal.ts';
import { TOAST_CONTACT_MS } from './limits.ts';

/**
 * How long a toast stays (spec 002 §9 'Toast duration 5000 ms (3000 ms for some download
 * messages)', spec 001 §9 'Toast duration 5000 ms'): 5000 ms, but 3000 ms for the download
 * messages the spec names. Errors (5000), warnings (1500) and the contact toast (3000) have their
 * own constants (spec 000 §9, `limits.ts`).
 */
export const TOAST_MS = 5000;
export const TOAST_DOWNLOAD_MS = TOAST_CONTACT_MS;

/** The download messages of spec 001 §8 and 002 §8 that show for 3000 ms. */
export const DOWNLOAD_TOAST_MESSAGES: readonly string[] = [
  DOCUMENT_DOWNLOAD_MESSAGES.downloadSucceeded,
  DOCUMENT_DOWNLOAD_MESSAGES.documentsDownloaded,
  DOCUMENT_DOWNLOAD_MESSAGES.folderDownloaded,
  SURVEY_CONFIRMATION_MESSAGES.downloadSucceeded,
];

/** How long a confirmation toast with this message stays. */
export function successToastMs(message: string): number {
  return DOWNLOAD_TOAST_MESSAGES.includes(message) ? TOAST_DOWNLOAD_MS : TOAST_MS;
}
