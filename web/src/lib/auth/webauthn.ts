import * as v from 'valibot';

/**
 * The WebAuthn options the server answers (passkeys), as the API clients check them: only the
 * challenge is read here; `passkey-ceremony.ts` hands them whole to `@simplewebauthn/browser`.
 * This module is in the entry, so it stays this small.
 */
export const ZPasskeyOptionsSchema = v.looseObject({ challenge: v.string() });
/** The options of `navigator.credentials.get()` (a passkey's signature at sign-in). */
export type TPasskeyRequestOptions = v.InferOutput<typeof ZPasskeyOptionsSchema>;
/** The options of `navigator.credentials.create()` (a new passkey). */
export type TPasskeyCreationOptions = v.InferOutput<typeof ZPasskeyOptionsSchema>;
