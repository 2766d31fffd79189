import { formatRecoveryCode, PASSKEY_MESSAGES, type TRegisterPasskey } from '@portal/domain';
import { type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { recoveryCodesForNewFactor } from './factor-store.ts';
import { knownTransports, relyingPartyOf } from './passkey-ceremonies.ts';
import { endSessionsOf } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';
import { spendWebauthnChallenge } from './webauthn-challenges.ts';

const notRegistered = () => new AppError('invalid_input', { message: PASSKEY_MESSAGES.notRegistered });

/**
 * POST /api/user/factors/passkey: the browser's answer to the options. The challenge it signed
 * must be the caller's live one (spent now, whatever follows); the answer must verify for this
 * origin and RP ID. The passkey is then stored under its name, confirmed; as the account's first
 * factor it brings ten recovery codes (answered once), and the caller's other sessions end.
 */
export async function registerPasskey(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  input: TRegisterPasskey,
): Promise<{ factorId: number; recoveryCodes: string[] }> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  const rp = relyingPartyOf(deps.config);
  const expectedChallenge = await spendWebauthnChallenge(
    deps.db,
    { userId: user.id, purpose: 'register' },
    input.credential.response.clientDataJSON,
  );
  if (!expectedChallenge) throw notRegistered();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    deps.log.info({ err: error }, 'passkey registration refused');
    throw notRegistered();
  }
  const credential = verification.registrationInfo?.credential;
  if (!verification.verified || !credential || credential.id !== input.credential.id) throw notRegistered();
  const outcome = await deps.db.transaction(async (tx) => {
    const taken = await tx.maybeOne<{ id: number }>(
      sql`select id from public.user_factors where passkey_credential_id = ${credential.id}`,
    );
    if (taken) return null;
    const row = await tx.one<{ id: number }>(sql`
      insert into public.user_factors (user_id, kind, label, confirmed_at, passkey_credential_id,
        passkey_public_key, passkey_sign_count, passkey_transports)
      values (${user.id}, 'passkey', ${input.name}, now(), ${credential.id}, ${Buffer.from(credential.publicKey)},
        ${credential.counter}, ${knownTransports(credential.transports ?? input.credential.response.transports)})
      returning id`);
    const recoveryCodes = await recoveryCodesForNewFactor(tx, user.id, row.id);
    // A factor changed: a session opened before it (perhaps by whoever knew the password) ends.
    await endSessionsOf(tx, user.id, { keep: signedIn.sessionId });
    return { factorId: row.id, recoveryCodes: recoveryCodes.map(formatRecoveryCode) };
  }, actorOf(user));
  if (!outcome) throw new AppError('invalid_transition', { message: PASSKEY_MESSAGES.alreadyRegistered });
  return outcome;
}
