import { z } from 'zod';
import { ZEmailSchema } from '../validation/email-schema.ts';
import { MESSAGES } from '../validation/messages.ts';
import { ZPasswordSchema } from '../validation/password-schema.ts';
import { ZPersonNameSchema } from './person-name.ts';

/** POST /api/auth/register; `invitationToken` comes from the /signup/:invitationToken link. */
export const ZRegisterRequestSchema = z.object({
  email: ZEmailSchema,
  password: ZPasswordSchema,
  firstName: ZPersonNameSchema,
  lastName: ZPersonNameSchema,
  invitationToken: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((token) => token || undefined),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

/** POST /api/auth/register/confirm: the token of the link that confirms the address. */
export const ZRegisterConfirmSchema = z.object({
  token: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200),
});
export type TRegisterConfirm = z.infer<typeof ZRegisterConfirmSchema>;

/**
 * What POST /api/auth/register answers without an invitation, whether or not the address has an
 * account: a new address gets a link to finish signing up, an existing one a note to sign in
 * or reset the password. Either way the next step is in the inbox.
 */
export const REGISTRATION_REQUESTED_MESSAGE =
  'Check your inbox: we have sent an e-mail to that address with the next step.';

/** How long the link that confirms a sign-up works. */
export const REGISTRATION_LINK_HOURS = 24;
