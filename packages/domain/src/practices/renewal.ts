/**
 * Renewals (reapplications) and survey confirmations: what a practice may submit or confirm, and
 * the words it is told. The spec names the screens and statuses but gives no messages; these
 * are ours (docs/decisions/practices-and-staff.md).
 */

/** Reapplication statuses (spec 000 §3 names DUE and PAYMENT_PENDING; the model adds the ends). */
export type TReapplicationStatus = 'DUE' | 'PAYMENT_PENDING' | 'COMPLETED' | 'WITHDRAWN';

/** Submitting a renewal: allowed only while it is DUE, it moves it to PAYMENT_PENDING. */
export const REAPPLICATION_SUBMIT = {
  from: ['DUE'],
  to: 'PAYMENT_PENDING',
} as const satisfies { from: readonly TReapplicationStatus[]; to: TReapplicationStatus };

/** A practice submits its renewal only while it is DUE; submitting moves it to PAYMENT_PENDING. */
export function canSubmitReapplication(status: string | null | undefined): boolean {
  return (REAPPLICATION_SUBMIT.from as readonly (string | null | undefined)[]).includes(status);
}

/** Why a renewal cannot be submitted, from the status of the practice's open renewal (if any). */
export function reapplicationNotDueMessage(status: string | null | undefined): string {
  return status === 'PAYMENT_PENDING'
    ? REAPPLICATION_MESSAGES.alreadySubmitted
    : REAPPLICATION_MESSAGES.notDue;
}

export const REAPPLICATION_MESSAGES = {
  submitted: 'Your renewal has been submitted. Continue to payment to complete it.',
  alreadySubmitted: 'This renewal has already been submitted and is waiting for payment.',
  notDue: 'This practice has no renewal due, so there is nothing to submit.',
  submitButton: 'Submit renewal',
} as const;

/** Confirming a survey visit: its confirmation form goes from SENT to RECEIVED (spec 000 §3). */
export const SURVEY_CONFIRMATION = { from: ['SENT'], to: 'RECEIVED' } as const;

/** A survey confirmation is due while the visit's confirmation form is SENT (spec 000 §3). */
export function isSurveyConfirmationDue(visit: { confirmation_form_status: string }): boolean {
  return (SURVEY_CONFIRMATION.from as readonly string[]).includes(visit.confirmation_form_status);
}

/**
 * Whether a visit has a survey confirmation form to download: once it was sent to the practice
 * (SENT), and after the practice confirmed it (RECEIVED). The Assessments table's Survey
 * Confirmation column (spec 001 §2) and the form's route (spec 001 §7 generate_confirmation_pdf).
 */
export function hasSurveyConfirmationForm(visit: { confirmation_form_status: string }): boolean {
  return visit.confirmation_form_status === 'SENT' || visit.confirmation_form_status === 'RECEIVED';
}

export const SURVEY_CONFIRMATION_MESSAGES = {
  /** Spec 001 §8. */
  downloadSucceeded: 'Successfully downloaded confirmation form.',
  /** Spec 001 §8. */
  downloadFailed:
    'Sorry, your file could not be downloaded at this time, please contact your system administrator',
  /** Ours: the route refuses a visit whose form was never sent. */
  notSent: 'The survey confirmation form of this visit has not been sent yet.',
  confirmed: 'Thank you. The survey visit is confirmed.',
  notDue: 'This survey visit is not waiting for a confirmation. It may already have been confirmed.',
  noSuchVisit: 'There is no such survey visit.',
  confirmButton: 'Confirm visit',
} as const;
