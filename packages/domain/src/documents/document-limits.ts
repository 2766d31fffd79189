/**
 * Limits of the Documents screen and its actions (spec 002 §5, §9 leave the numbers to us; the
 * reasons are in docs/decisions/documents-and-uploads.md).
 */

/** Most files one upload may take; choosing more shows the limit warning (spec 002 §5). */
export const MAX_FILES_PER_UPLOAD = 20;

/** Documents shown per page of a folder's table. */
export const DOCUMENTS_PAGE_SIZE = 50;

/** Most documents one archive, move or zip call may name (a refused call changes nothing). */
export const MAX_DOCUMENTS_PER_CALL = 500;

/** How long a zip download link (`documentsZipUrl`) works: it is fetched when the button is pressed. */
export const DOCUMENTS_ZIP_URL_SECONDS = 2 * 60;
