import { z } from 'zod';

/**
 * The registration-number look-up (spec 000 §7 "staff by registration number with a
 * case-insensitive partial match"): what it needs typed, how often a practice manager may use it,
 * and which practice lets its manager look across practices (docs/security.md).
 */

/** Fewer characters than this match too much to be useful, and would list the register. */
export const REGISTRATION_LOOKUP_MIN_LENGTH = 6;
/**
 * Another practice's staff member is offered (by name only) once at most this many characters
 * of their number are still missing; their details need the whole number. Earlier, a partial
 * match told whether a number contained the typed text, which let a manager rebuild a whole
 * number a character at a time (about 35 look-ups).
 */
export const REGISTRATION_LOOKUP_MAX_MISSING = 2;
/** Look-ups a practice manager may make in an hour (QAMs and provider admins are not counted). */
export const REGISTRATION_LOOKUPS_PER_HOUR = 60;

/**
 * Practice statuses in which the provider has taken the practice on (its application accepted and
 * paid): their manager may look across every practice's register. A practice still in
 * APPLICATION or PAYMENT_PENDING is only what someone who signed up typed in; WITHDRAWN has left.
 */
export const PROVIDER_ACCEPTED_PRACTICE_STATUSES = ['IN_PROGRESS', 'ACCREDITED', 'EXPIRED'] as const;

export const REGISTRATION_LOOKUP_MESSAGES = {
  tooShort: `Type at least ${REGISTRATION_LOOKUP_MIN_LENGTH} characters`,
  tooMany:
    'You have looked up many registration numbers in the last hour. Type the details in, or try again later.',
} as const;

/** The look-up's input: the typed number, trimmed. */
export const ZRegistrationLookupSchema = z.object({
  registrationNum: z
    .string()
    .trim()
    .min(REGISTRATION_LOOKUP_MIN_LENGTH, REGISTRATION_LOOKUP_MESSAGES.tooShort)
    .max(50, 'At most 50 characters'),
});
export type TRegistrationLookup = z.infer<typeof ZRegistrationLookupSchema>;

/** Whether the provider has taken a practice on (its manager may look across practices). */
export function isProviderAcceptedPractice(status: string): boolean {
  return (PROVIDER_ACCEPTED_PRACTICE_STATUSES as readonly string[]).includes(status);
}
