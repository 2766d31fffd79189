import { z } from 'zod';
import { ZEmailSchema } from '../validation/email-schema.ts';
import { MESSAGES } from '../validation/messages.ts';
import { ZPasswordSchema } from '../validation/password-schema.ts';

/** POST /api/auth/reset: ask for a reset link. */
export const ZPasswordResetRequestSchema = z.object({ email: ZEmailSchema });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequestSchema>;

/** POST /api/auth/reset/confirm: the token from the link and the new password. */
export const ZPasswordResetConfirmSchema = z.object({
  token: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200),
  password: ZPasswordSchema,
});
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirmSchema>;

/** What POST /api/auth/reset always answers, whether or not the account exists. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset the password.';
