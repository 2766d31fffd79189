/** Business constants and limits of spec 000 §9. */

/** Practice list: 25 a page (limit 25, offset 0 first). */
export const PRACTICE_LIST_PAGE_SIZE = 25;
/** Debounce of list reloads (filters, paging). */
export const PRACTICE_LIST_DEBOUNCE_MS = 200;
/** Debounce of the 'Search all practices' box. */
export const PRACTICE_SEARCH_DEBOUNCE_MS = 600;

/** Staff table paging. */
export const STAFF_PAGE_SIZE = 20;
export const STAFF_PAGE_SIZE_OPTIONS = [10, 20, 30, 40] as const;
/** Registration-number look-up across practices. */
export const REGISTRATION_SEARCH_DEBOUNCE_MS = 2000;

/** Toast durations. */
export const TOAST_WARNING_MS = 1500;
export const TOAST_ERROR_MS = 5000;
export const TOAST_CONTACT_MS = 3000;

/** Session and auth cookies last 8 hours. */
export const SESSION_COOKIE_SECONDS = 28_800;
/** The app needs at least a tablet's width. */
export const MIN_SCREEN_WIDTH_PX = 768;
/** A lazily loaded screen gives up after this long ('Loading chunk failed'). */
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;
/** The practice loading indicator hides one second after load (spec 000 §2). */
export const PRACTICE_LOADING_HIDE_MS = 1000;

/** Well-known document folders. */
export const FOLDER_CODES = ['STAFF_DOCUMENTS', 'SURVEY_VISIT_DOCUMENTS', 'PREV_ACCRED'] as const;
export type TFolderCode = (typeof FOLDER_CODES)[number];

/** Phones default to Australia. */
export const DEFAULT_PHONE_COUNTRY = 'AU';

/** Editable cell text areas grow from 2 to 8 rows. */
export const CELL_TEXTAREA_MIN_ROWS = 2;
export const CELL_TEXTAREA_MAX_ROWS = 8;

/** Debounce of the search box of the Resources and Factsheets pages (ours: the practice search's). */
export const RESOURCE_SEARCH_DEBOUNCE_MS = PRACTICE_SEARCH_DEBOUNCE_MS;
