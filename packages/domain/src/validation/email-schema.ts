import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { normaliseEmail } from './normalise-email.ts';

// The same shape the database checks (users.email): something@something.tld. zod's own
// `.email()` is stricter about top-level domains than we need (the demo domain is demo.test).
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** An e-mail address, normalised (trimmed, lower-case). */
export const ZEmailSchema = z
  .string({ error: MESSAGES.required })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, MESSAGES.required)
      .max(254, MESSAGES.invalidEmail)
      .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  );
export type TEmail = z.infer<typeof ZEmailSchema>;
