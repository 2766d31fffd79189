import { PRODUCT_NAME, type TAuthenticationResponse, WEBAUTHN_TIMEOUT_MS } from '@portal/domain';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { AccountsDeps } from './deps.ts';
import { forgetWrongCodes } from './factor-store.ts';
import { issueWebauthnChallenge, spendWebauthnChallenge } from './webauthn-challenges.ts';

/**
 * Passkeys and security keys (WebAuthn, `@simplewebauthn/server`) as a second factor
 * (docs/decisions/accounts-and-sessions.md, "Passkeys"). The relying party is the product's
 * public origin (APP_ORIGIN, the stack's PUBLIC_URL): its host name is the RP ID, and only
 * answers made on that origin are accepted. User verification is preferred, not required: the
 * password is the first factor, the key's possession (user presence, always required) the second.
 */
export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

export function relyingPartyOf(config: AccountsDeps['config']): RelyingParty {
  const origin = new URL(config.appOrigin).origin;
  return { rpID: new URL(origin).hostname, origin, rpName: PRODUCT_NAME };
}

const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
export const knownTransports = (values: readonly string[] | null | undefined): AuthenticatorTransport[] =>
  (values ?? []).filter((value): value is AuthenticatorTransport =>
    TRANSPORTS.includes(value as AuthenticatorTransport),
  );

/** A live passkey of a user, as a ceremony reads it. */
interface PasskeyRow {
  id: number;
  credential_id: string;
  public_key: Buffer;
  sign_count: string;
  transports: string[] | null;
}

const PASSKEY_COLUMNS = sql`id, passkey_credential_id as credential_id, passkey_public_key as public_key,
  passkey_sign_count as sign_count, passkey_transports as transports`;
const LIVE_PASSKEY = sql`kind = 'passkey' and removed_at is null and confirmed_at is not null`;

export function livePasskeysOf(q: Queryable, userId: number): Promise<PasskeyRow[]> {
  return q.many<PasskeyRow>(
    sql`select ${PASSKEY_COLUMNS} from public.user_factors where user_id = ${userId} and ${LIVE_PASSKEY} order by id`,
  );
}

/**
 * POST /api/auth/login/passkey: the options of `navigator.credentials.get()` for the second step
 * of a sign-in: the first step's challenge must be live; the user's passkeys are allowed, and the
 * new WebAuthn challenge is bound to the user and to that sign-in. An account without a passkey,
 * or a challenge unknown, spent or expired: `challenge_invalid`, as the second step answers.
 */
export async function startPasskeySignIn(
  deps: AccountsDeps,
  signInChallenge: { id: number; userId: number },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await livePasskeysOf(deps.db, signInChallenge.userId);
  if (passkeys.length === 0) throw new AppError('challenge_invalid');
  const challenge = await issueWebauthnChallenge(deps.db, {
    userId: signInChallenge.userId,
    purpose: 'sign_in',
    signInChallengeId: signInChallenge.id,
  });
  return generateAuthenticationOptions({
    rpID: relyingPartyOf(deps.config).rpID,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: WEBAUTHN_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.credential_id,
      transports: knownTransports(passkey.transports),
    })),
  });
}

/**
 * The passkey proof of a sign-in's second step, inside its transaction: the WebAuthn challenge it
 * signed must be this sign-in's live one (spent now); the credential one of the user's live
 * passkeys; the signature valid for this origin and RP ID; its counter higher than the last one
 * accepted (both zero: an authenticator without a counter). Answers whether it is accepted; then
 * the counter and the time of use are stored and the user's wrong-code count forgotten.
 */
export async function acceptPasskey(
  tx: Queryable,
  deps: Pick<AccountsDeps, 'config' | 'log'>,
  of: { userId: number; signInChallengeId: number },
  response: TAuthenticationResponse,
): Promise<boolean> {
  const expectedChallenge = await spendWebauthnChallenge(
    tx,
    { userId: of.userId, purpose: 'sign_in', signInChallengeId: of.signInChallengeId },
    response.response.clientDataJSON,
  );
  if (!expectedChallenge) return false;
  const passkey = await tx.maybeOne<PasskeyRow>(sql`select ${PASSKEY_COLUMNS} from public.user_factors
     where user_id = ${of.userId} and ${LIVE_PASSKEY} and passkey_credential_id = ${response.id} for update`);
  if (!passkey) return false;
  const rp = relyingPartyOf(deps.config);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.sign_count),
        transports: knownTransports(passkey.transports),
      },
    });
    if (!verification.verified) return false;
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    // A wrong signature, origin, RP ID or type, or a counter that did not go up (a cloned key).
    deps.log.info({ err: error }, 'passkey sign-in refused');
    return false;
  }
  // The counter rule again in the statement, so two answers at once cannot both pass.
  const stored = await tx.maybeOne<{ id: number }>(sql`
    update public.user_factors set passkey_sign_count = ${newCounter}, last_code_at = now()
     where id = ${passkey.id}
       and (passkey_sign_count < ${newCounter} or (passkey_sign_count = 0 and ${newCounter}::bigint = 0))
    returning id`);
  if (!stored) return false;
  await forgetWrongCodes(tx, of.userId);
  return true;
}
