import { WEBAUTHN_TIMEOUT_MS } from '@portal/domain';
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { AppError } from '../../errors/app-error.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { knownTransports, livePasskeysOf, relyingPartyOf } from './passkey-ceremonies.ts';
import { findUserById } from './users.ts';
import { issueWebauthnChallenge } from './webauthn-challenges.ts';

/**
 * POST /api/user/factors/passkey/options: the options of `navigator.credentials.create()` for a
 * new passkey of the caller, with a fresh challenge bound to them; their passkeys are excluded
 * (an authenticator that holds one says so instead of making a second).
 */
export async function startPasskeyRegistration(
  deps: AccountsDeps,
  signedIn: SignedInUser,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  const rp = relyingPartyOf(deps.config);
  const challenge = await issueWebauthnChallenge(deps.db, { userId: user.id, purpose: 'register' });
  const existing = await livePasskeysOf(deps.db, user.id);
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`.trim() || user.email,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: WEBAUTHN_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: knownTransports(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}
