import type { TPasskeySignInOptions } from '@portal/domain';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AccountsDeps } from './deps.ts';
import { startPasskeySignIn } from './passkey-ceremonies.ts';
import { pendingSignIn } from './sign-in-challenge.ts';

/**
 * POST /api/auth/login/passkey: the options for giving the second step of a sign-in with a
 * passkey. Only with the live challenge of a right password, so they tell nobody else anything.
 */
export async function passkeySignInOptions(
  deps: AccountsDeps,
  input: TPasskeySignInOptions,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { id, user } = await pendingSignIn(deps.db, input.challenge);
  return startPasskeySignIn(deps, { id, userId: user.id });
}
