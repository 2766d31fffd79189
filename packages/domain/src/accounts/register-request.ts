import { z } from 'zod';
import { ZEmailSchema } from '../validation/email-schema.ts';
import { MESSAGES } from '../validation/messages.ts';
import { ZPasswordSchema } from '../validation/password-schema.ts';

const ZPersonNameSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(150, 'Max 150 characters');

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
