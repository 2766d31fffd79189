import { PASSKEY_MESSAGES, TWO_FACTOR_POLICY_MESSAGES } from '@portal/domain';

/** Every error the service answers with, by string code, and its HTTP status. */
export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_credentials: 401,
  not_signed_in: 401,
  token_not_valid: 401,
  unauthorized: 401,
  csrf_invalid: 403,
  forbidden: 403,
  not_found: 404,
  invalid_transition: 409,
  operation_failed: 422,
  payload_too_large: 413,
  file_too_large: 413,
  unsupported_file_type: 415,
  too_many_attempts: 429,
  rate_limited: 429,
  invitation_invalid: 400,
  email_unavailable: 400,
  reset_token_invalid: 400,
  registration_link_invalid: 400,
  handoff_invalid: 400,
  wrong_password: 400,
  challenge_invalid: 400,
  invalid_code: 400,
  factor_locked: 429,
  passkey_refused: 400,
  two_factor_enrolment_required: 403,
  storage_unavailable: 503,
  service_unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The default user-facing message per code; a throw site may give a more specific one. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  invalid_input: 'Please check the highlighted fields.',
  invalid_credentials: 'Email or password is incorrect.',
  not_signed_in: 'Please sign in.',
  token_not_valid: 'Your session has expired, please sign in again.',
  unauthorized: 'Not authorised.',
  csrf_invalid: 'Your session could not be verified, please sign in again.',
  forbidden: 'You do not have permission to do that.',
  not_found: 'Not found.',
  invalid_transition: 'This cannot be done in its current status.',
  // Understood and allowed, but it failed part-way; its transaction rolled back.
  operation_failed: 'That could not be done, and nothing was changed. Please try again.',
  payload_too_large: 'The request is too large (at most 64 kB). Shorten the text and try again.',
  // Generic: a route with its own limit or types (avatars, documents) passes its own wording.
  file_too_large: 'The file is too large.',
  unsupported_file_type: 'This type of file cannot be used.',
  too_many_attempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  rate_limited: 'Too many requests. Please wait a minute and try again.',
  invitation_invalid: 'This invitation link has expired or has already been used.',
  email_unavailable:
    'An account cannot be created with this e-mail address. If you already have one, sign in or reset your password.',
  reset_token_invalid: 'This reset link has expired or has already been used.',
  registration_link_invalid:
    'This sign-up link has expired or has already been used. Sign in, or sign up again for a new link.',
  handoff_invalid: 'This sign-in link has expired or has already been used. Please sign in.',
  wrong_password: 'The current password is incorrect.',
  challenge_invalid: 'This sign-in has expired. Please sign in again.',
  invalid_code: 'That code is not right. Check it and try again.',
  factor_locked: 'Too many wrong codes. Please wait 15 minutes and try again.',
  passkey_refused: PASSKEY_MESSAGES.refused,
  two_factor_enrolment_required: TWO_FACTOR_POLICY_MESSAGES.enrolmentRequired,
  storage_unavailable: 'File storage is not available right now, please try again later.',
  service_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  internal: 'Something went wrong, please try again.',
};

/**
 * The one error type of the service: a string code (mapped to an HTTP status), a message safe
 * to show the user, optional per-field messages, and an optional internal cause for the logs.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { message?: string; fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code], { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.fields = options.fields;
  }

  /** The body answered to the client. */
  toJSON(): { code: ErrorCode; message: string; fields?: Record<string, string> } {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}
