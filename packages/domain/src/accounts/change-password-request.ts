import { z } from 'zod';
import { ZCurrentPasswordSchema, ZPasswordSchema } from '../validation/password-schema.ts';

/** POST /api/auth/change-password (signed in). */
export const ZChangePasswordRequestSchema = z.object({
  oldPassword: ZCurrentPasswordSchema,
  newPassword: ZPasswordSchema,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;
