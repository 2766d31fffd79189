import { z } from 'zod';
import { MESSAGES } from '../validation/messages.ts';

/**
 * Passkeys and security keys (WebAuthn) as a second factor beside the authenticator app
 * (docs/decisions/accounts-and-sessions.md, "Passkeys"). The shapes below are the JSON of
 * `@simplewebauthn/browser`'s answers (`RegistrationResponseJSON`, `AuthenticationResponseJSON`),
 * bounded so that nothing oversized reaches the verification.
 */

/** How long a WebAuthn ceremony's challenge is good for (2 minutes). */
export const WEBAUTHN_CHALLENGE_SECONDS = 2 * 60;
/** How long the browser waits for the passkey (a hint to it; the challenge outlives it). */
export const WEBAUTHN_TIMEOUT_MS = 90_000;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Name this passkey, for example "YubiKey" or "Work laptop".',
  nameTooLong: `Use at most ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  refused: 'Your passkey was not accepted. Try again, or use another way to sign in.',
  notRegistered: 'The passkey could not be registered. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  cancelled: 'The passkey request was cancelled or timed out. Try again when your passkey is ready.',
  unsupported: 'This browser cannot use passkeys here. Use another way, or another browser.',
} as const;

/** Base64url as WebAuthn JSON carries bytes (no padding is sent, but some encoders add it). */
const base64url = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url.');

/** A credential id: 16 to 1023 bytes. */
const ZCredentialId = base64url(1368);
const ZExtensionResults = z.record(z.string().max(64), z.unknown()).default({});
const ZAttachment = z.enum(['platform', 'cross-platform']).optional();

/** The browser's answer to `navigator.credentials.create()` (a new passkey), as JSON. */
export const ZRegistrationResponseSchema = z.object({
  id: ZCredentialId,
  rawId: ZCredentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: ZAttachment,
  clientExtensionResults: ZExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});
export type TRegistrationResponse = z.infer<typeof ZRegistrationResponseSchema>;

/** The browser's answer to `navigator.credentials.get()` (a passkey's signature), as JSON. */
export const ZAuthenticationResponseSchema = z.object({
  id: ZCredentialId,
  rawId: ZCredentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: ZAttachment,
  clientExtensionResults: ZExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});
export type TAuthenticationResponse = z.infer<typeof ZAuthenticationResponseSchema>;

/** The name a user gives a passkey ("YubiKey", "Work laptop"). */
export const ZPasskeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong);

/** The form that names a new passkey. */
export const ZPasskeyNameFormSchema = z.object({ name: ZPasskeyNameSchema });

/** POST /api/user/factors/passkey: the name and the browser's answer to the options. */
export const ZRegisterPasskeySchema = z.object({
  name: ZPasskeyNameSchema,
  credential: ZRegistrationResponseSchema,
});
export type TRegisterPasskey = z.infer<typeof ZRegisterPasskeySchema>;

/** POST /api/auth/login/passkey: the first step's challenge, for the options of a passkey sign-in. */
export const ZPasskeySignInOptionsSchema = z.object({
  challenge: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(100),
});
export type TPasskeySignInOptions = z.infer<typeof ZPasskeySignInOptionsSchema>;

/**
 * What the browser's WebAuthn error means to the user: cancelled or timed out (the browser says
 * NotAllowedError for both, on purpose), a key already registered, or no WebAuthn here.
 */
export function passkeyErrorMessage(name: string | undefined, fallback: string): string {
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_MESSAGES.cancelled;
  if (name === 'InvalidStateError') return PASSKEY_MESSAGES.alreadyRegistered;
  if (name === 'SecurityError' || name === 'NotSupportedError') return PASSKEY_MESSAGES.unsupported;
  return fallback;
}
