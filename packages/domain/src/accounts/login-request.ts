import { z } from 'zod';
import { ZEmailSchema } from '../validation/email-schema.ts';
import { ZCurrentPasswordSchema } from '../validation/password-schema.ts';

/** POST /api/auth/login */
export const ZLoginRequestSchema = z.object({
  email: ZEmailSchema,
  password: ZCurrentPasswordSchema,
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;
