/** Field messages of the shared helpers (spec 000 §5, spec 002 §5), word for word. */
export const MESSAGES = {
  required: 'Required.',
  minPasswordLength: 'Min 8 characters',
  maxPasswordLength: 'Max 16 characters',
  invalidEmail: 'Enter a valid e-mail address.',
} as const;

/** Password-like fields are 8 to 16 characters long (spec 002 §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
