/**
 * The words shown when an assessment action fails: shared by the actions panel, its buttons and
 * the survey dialogs, so none of them imports another for a string.
 */

/** The spec gives no words when a status change fails (it is only logged); ours. */
export const ACTION_FAILED = 'That did not work. Please try again.';
