import { z } from 'zod';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.ts';

/** A new password: required, 8 to 16 characters (spec 000 §5). */
export const ZPasswordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.minPasswordLength)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.maxPasswordLength);
export type TPassword = z.infer<typeof ZPasswordSchema>;

/**
 * A password typed to sign in or to confirm identity: only required. Length rules are not
 * applied, so a password set under older rules still works; the cap only bounds KDF work.
 */
export const ZCurrentPasswordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(1024, MESSAGES.maxPasswordLength);
