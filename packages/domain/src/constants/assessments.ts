/** Business constants of the assessment screen (spec 001 §9, 002 §9). */

/** A save is sent this long after the last edit of an indicator. */
export const ASSESSMENT_SAVE_DEBOUNCE_MS = 1000;
/** The saving flag clears (and the indicator lock is released) this long after a save. */
export const ASSESSMENT_SAVING_RESET_MS = 500;
/** Open all and close all expand or collapse the sets after this delay. */
export const ASSESSMENT_OPEN_ALL_DELAY_MS = 250;
/** A deep-linked indicator is scrolled into view this long after the screen shows it. */
export const ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS = 500;
/** The review modal (notify the practice) closes this long after success. */
export const REVIEW_MODAL_CLOSE_MS = 2000;
/** Toasts of the assessment screen. */
export const ASSESSMENT_TOAST_MS = 5000;
/** Comments of an indicator: shown first, and added by each 'load more'. */
export const COMMENTS_PAGE_SIZE = 5;
/** The surveyor summary is cut with 'Read more' past this many characters. */
export const SUMMARY_READ_MORE_CHARS = 500;
/** Rows of the surveyor summary editor. */
export const SUMMARY_EDITOR_ROWS = 12;
/** Charts of the summary panel, in pixels. */
export const CHART_SIZE_PX = 200;
/** The indicator's text areas (opportunities for improvement, statements) grow from 3 to 6 rows. */
export const INDICATOR_TEXTAREA_MIN_ROWS = 3;
export const INDICATOR_TEXTAREA_MAX_ROWS = 6;
/** A certificate is valid this many years from its certification date by default. */
export const CERTIFICATE_VALIDITY_YEARS = 3;
/** Certificate download sizes, the first the default. */
export const CERTIFICATE_SIZES = ['A3', 'A4'] as const;
export type TCertificateSize = (typeof CERTIFICATE_SIZES)[number];
/**
 * Progress bar colours by percentage (spec 001 §9): red up to 50, yellow above 50 and below 70,
 * green from 70; blue while the assessment is in progress.
 */
export function progressColour(percent: number, inProgress: boolean): 'red' | 'yellow' | 'green' | 'blue' {
  if (inProgress) return 'blue';
  if (percent <= 50) return 'red';
  if (percent < 70) return 'yellow';
  return 'green';
}
/** Longest text an indicator's free-text field takes (ours: the spec gives none). */
export const INDICATOR_TEXT_MAX_LENGTH = 10_000;
/** Longest comment (ours). */
export const COMMENT_MAX_LENGTH = 5_000;
/** Longest request for assistance (ours). */
export const ASSISTANCE_REQUEST_MAX_LENGTH = 2_000;
/** Ours: how many requests for assistance one user may send in an hour (each is an e-mail to a person). */
export const ASSISTANCE_REQUESTS_PER_HOUR = 5;
/** Longest action plan text of one indicator (the column's CHECK says the same). */
export const ACTION_PLAN_MAX_LENGTH = 5000;
/** Longest description of an action plan activity (ours). */
export const ACTIVITY_DESCRIPTION_MAX_LENGTH = 2000;
/** Longest name of who is responsible for an action plan activity (ours). */
export const ACTIVITY_RESPONSIBLE_MAX_LENGTH = 200;
