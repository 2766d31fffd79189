import type { TAuthenticationResponse, TRegistrationResponse } from '@portal/domain';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { TPasskeyCreationOptions, TPasskeyRequestOptions } from './webauthn.ts';

/*
 * The browser's side of passkeys (WebAuthn): the server's options handed to
 * `@simplewebauthn/browser`, which asks the authenticator and answers JSON for the server. Only
 * the screens that use a passkey import this module, and the library itself is loaded when a
 * passkey is added or used (a chunk of its own, never the entry's).
 */

/**
 * The browser refused or could not finish the ceremony; `errorName` is its DOMException's name
 * (the domain's `passkeyErrorMessage` says it in the user's words).
 */
export class PasskeyCeremonyError extends Error {
  constructor(readonly errorName: string | undefined) {
    super(`WebAuthn: ${errorName ?? 'unknown error'}`);
  }
}

async function ceremony<T>(run: (lib: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  const lib = await import('@simplewebauthn/browser');
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyCeremonyError('NotSupportedError');
  try {
    return await run(lib);
  } catch (error) {
    throw new PasskeyCeremonyError((error as Error | undefined)?.name);
  }
}

// The library's JSON is the shape the server reads; its extension results are an interface
// without an index signature, hence the casts to the domain's types.

/** Asks the browser for a new passkey (`navigator.credentials.create()`). */
export function createPasskey(options: TPasskeyCreationOptions): Promise<TRegistrationResponse> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  return ceremony(async (lib) => (await lib.startRegistration({ optionsJSON })) as TRegistrationResponse);
}

/** Asks the browser for a passkey's signature (`navigator.credentials.get()`). */
export function signWithPasskey(options: TPasskeyRequestOptions): Promise<TAuthenticationResponse> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return ceremony(async (lib) => (await lib.startAuthentication({ optionsJSON })) as TAuthenticationResponse);
}
