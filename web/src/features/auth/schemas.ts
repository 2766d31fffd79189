import {
  MESSAGES,
  ZChangePasswordRequestSchema,
  ZPasswordResetConfirmSchema,
  ZPasswordSchema,
  ZRegisterRequestSchema,
} from '@portal/domain';
import { z } from 'zod';

/** Shown under a confirmation that differs from the password. */
export const PASSWORDS_DIFFER = 'Passwords do not match.';

const ZConfirmSchema = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required);

/** Sign-up form: the register request plus a password confirmation. */
export const ZSignupFormSchema = ZRegisterRequestSchema.extend({ confirmPassword: ZConfirmSchema }).refine(
  (form) => form.password === form.confirmPassword,
  { path: ['confirmPassword'], message: PASSWORDS_DIFFER },
);

/** New-password form of a reset link. */
export const ZResetConfirmFormSchema = ZPasswordResetConfirmSchema.extend({
  confirmPassword: ZConfirmSchema,
}).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER,
});

/** Change-password form. */
export const ZChangePasswordFormSchema = ZChangePasswordRequestSchema.extend({
  newPassword: ZPasswordSchema,
  confirmPassword: ZConfirmSchema,
}).refine((form) => form.newPassword === form.confirmPassword, {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER,
});
