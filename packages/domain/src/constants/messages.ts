import { MESSAGES } from '../validation/messages.ts';

/** The product's name wherever users see it: its own messages call it Connect (spec 002 §8). */
export const PRODUCT_NAME = 'Connect';

/**
 * The provider's help phone and support e-mail (spec 002 §1 names them without their values: these
 * are ours, placeholders until the provider gives theirs). The web app's VITE_HELP_PHONE and
 * VITE_SUPPORT_EMAIL default to them, and a request for assistance goes to SUPPORT_EMAIL when the
 * accreditation has no QAM (docs/decisions/assessments.md).
 */
export const SUPPORT_PHONE = '1300 000 000';
export const SUPPORT_EMAIL = 'support@example.org';

/**
 * The accreditation provider's name as certificates print it (issuing provider). Ours, a
 * placeholder like the two above; the demo certificates carry the same name.
 */
export const ISSUING_PROVIDER_NAME = 'Demo Accreditation Provider';

/**
 * User-facing messages of the practice list, staff register and nominated contacts, word for
 * word from spec 000 §5 and §8. Messages with a placeholder are functions.
 */
export const PRACTICE_MESSAGES = {
  noPractices: 'No practices found',
  noPracticesForSearch: 'No practices found for the search criteria',
  paymentRedirectFailed:
    'Sorry, something went wrong while redirecting you to the payment page, please contact your system administrator.',
  searchPlaceholder: 'Search all practices',
  loadingChunkFailed: 'Loading chunk failed',
  /** Ours (the spec only locks the list row): a locked practice opened by its address. */
  practiceLocked: 'This practice is waiting for its application payment and cannot be opened yet.',
} as const;

export const STAFF_MESSAGES = {
  saveFailed: 'Could not save staff member',
  saveFieldInvalid: (field: string) => `Could not save staff member, value for ${field} is invalid`,
  editingRowWarning: 'Please save/discard the editing row before moving to other rows.',
  editingNewRowWarning: 'Please save/discard the new row before moving to other rows.',
  inviteSent: (email: string) => `You have submitted an invite to ${email}.`,
  inviteFailed: (email: string) =>
    `Invite was not sent to ${email}. Please check you have entered a valid email address & try again.`,
  notice: 'Please ensure your staff details below are up to date for the current accreditation cycle.',
  introStep: 'Add practice staff',
  introButton: 'Enter All Staff Details',
  /** The step 1 checklist of the first-view intro (spec 000 §2). */
  introChecklist: [
    'Staff names',
    'Medical board registration numbers',
    'Vocational registration status',
    'QI and CPD or PDP program numbers',
    'CPR certificate expiry dates',
    'GP e-mails (GPs get no CPD points without one)',
    'Full time equivalent bands',
    'CPD and training details',
  ],
  tooltipActiveAccount: 'Staff has an active account.',
  tooltipRejectedInvite: 'Staff has rejected their invite.',
  tooltipDeactivatedAccount: 'Staff has deactivated their account.',
  deleteConfirmButton: 'Delete User',
  deleteCancelButton: 'Cancel',
} as const;

/** Cell messages of the editable staff table (spec 000 §5). */
export const CELL_MESSAGES = {
  /** Text, date and autocomplete cells, on blur. */
  requiredField: 'Required field',
  /** Select, checkbox and number cells. */
  fieldRequired: 'Field required',
  /** Spec 002 §5, for a number cell that is not a non-negative number. */
  notANumber: MESSAGES.notANumber,
} as const;

/** Phone field messages (spec 000 §5, spec 002 §5). */
export const PHONE_MESSAGES = {
  required: 'This field is required',
  invalid: 'Invalid phone number format',
} as const;

export const CONTACT_MESSAGES = {
  updated: 'Successfully updated nominated contact',
  updateFailed: 'Error updating nominated contact',
  /** The spec states the rule (§5) but gives no words; these are ours. */
  accreditationContactCannotBeRemoved: 'The nominated accreditation contact cannot be removed.',
} as const;
