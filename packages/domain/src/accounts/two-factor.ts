import { z } from 'zod';
import { PRODUCT_NAME } from '../constants/messages.ts';
import { MESSAGES } from '../validation/messages.ts';
import { ZCurrentPasswordSchema } from '../validation/password-schema.ts';
import { ZAuthenticationResponseSchema } from './passkeys.ts';

/**
 * Two-factor sign-in, opt-in (docs/decisions/accounts-and-sessions.md, "Two-factor sign-in"):
 * time-based codes (RFC 6238: SHA-1, 6 digits, 30 s) from an authenticator app, and ten
 * single-use recovery codes.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = PRODUCT_NAME;
/** How long the second step of a sign-in waits for its code (5 minutes). */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes (of either kind) within the window that lock the factor. */
export const MAX_WRONG_CODES = 5;
/** How long the wrong-code window and the lock last (15 minutes). */
export const FACTOR_LOCK_SECONDS = 15 * 60;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter one of your recovery codes (16 letters and digits).',
  oneOf: 'Use your passkey, or enter a code from your authenticator app or a recovery code.',
} as const;

/** A code typed from an authenticator app: six digits; spaces in it are dropped. */
export const ZTotpCodeSchema = z
  .string({ error: MESSAGES.required })
  .max(20, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));

/** A recovery code as typed: case, spaces and hyphens do not matter (`abcd-efgh-jkmn-pqrs`). */
export const ZRecoveryCodeSchema = z
  .string({ error: MESSAGES.required })
  .max(40, TWO_FACTOR_MESSAGES.recoveryCodeFormat)
  .transform(normaliseRecoveryCode)
  .pipe(z.string().regex(/^[a-z2-7]{16}$/, TWO_FACTOR_MESSAGES.recoveryCodeFormat));

/** The form of the second step, with an authenticator app's code. */
export const ZTotpCodeFormSchema = z.object({ code: ZTotpCodeSchema });
/** The form of the second step, with a recovery code. */
export const ZRecoveryCodeFormSchema = z.object({ recoveryCode: ZRecoveryCodeSchema });

/**
 * POST /api/auth/login/verify: the challenge of the first step and exactly one proof: an
 * authenticator code, a recovery code or a passkey's signature.
 */
export const ZSignInVerifySchema = z
  .object({
    challenge: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(100),
    code: ZTotpCodeSchema.optional(),
    recoveryCode: ZRecoveryCodeSchema.optional(),
    passkey: ZAuthenticationResponseSchema.optional(),
  })
  .refine(
    (input) =>
      [input.code, input.recoveryCode, input.passkey].filter((proof) => proof !== undefined).length === 1,
    { message: TWO_FACTOR_MESSAGES.oneOf, path: ['code'] },
  );
export type TSignInVerify = z.infer<typeof ZSignInVerifySchema>;

/** The ways an account can give its second factor at sign-in, in the order the app offers them. */
export type TSecondFactorMethod = 'passkey' | 'totp' | 'recovery_code';

/** The first step's answer when the account has a second factor: no session yet. */
export interface TSecondFactorRequired {
  secondFactorRequired: true;
  challenge: string;
  challengeExpiresAt: string;
  /** What this account can answer with: its passkeys, its authenticator app, a recovery code. */
  methods: TSecondFactorMethod[];
}

/** POST /api/user/factors/totp/confirm: the code that proves the app holds the key. */
export const ZConfirmTotpSchema = z.object({ code: ZTotpCodeSchema });
export type TConfirmTotp = z.infer<typeof ZConfirmTotpSchema>;
/** POST /api/user/factors/:id/remove: the password again (a fresh proof of who is there). */
export const ZRemoveFactorSchema = z.object({ password: ZCurrentPasswordSchema });
export type TRemoveFactor = z.infer<typeof ZRemoveFactorSchema>;

/** Lower case, without spaces and hyphens: how a recovery code is hashed and compared. */
export function normaliseRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '');
}

/** A recovery code as shown: four groups of four (`abcd-efgh-jkmn-pqrs`). */
export function formatRecoveryCode(code: string): string {
  return (
    normaliseRecoveryCode(code)
      .match(/.{1,4}/g)
      ?.join('-') ?? ''
  );
}

/** An authenticator key as shown to type: groups of four (`ABCD EFGH …`). */
export function formatTotpKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}
