/** Field messages of the shared helpers (spec 000 §5, spec 002 §5), word for word. */
export const MESSAGES = {
  required: 'Required.',
  minPasswordLength: 'Min 8 characters',
  maxPasswordLength: 'Max 16 characters',
  invalidEmail: 'Enter a valid e-mail address.',
  /** Number fields (spec 002 §5). */
  maxNumber: 'Max is 999',
  numberLeadingZero: 'Number cannot start with a 0',
  notANumber: 'Value has to be a number',
} as const;

/** Password-like fields are 8 to 16 characters long (spec 002 §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;

/** Number fields hold numbers below 1000 (spec 002 §9 'Number limit'). */
export const NUMBER_FIELD_MAX = 999;
