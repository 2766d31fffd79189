import type { TSignInVerify } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError, ERROR_MESSAGES } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';
import {
  acceptTotpCode,
  lockConfirmedFactors,
  recordSecurityEvent,
  recordWrongCode,
  spendRecoveryCode,
} from './factor-store.ts';
import { acceptPasskey } from './passkey-ceremonies.ts';
import type { ClientInfo } from './sessions.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { pendingSignIn } from './sign-in-challenge.ts';
import { actorOf } from './users.ts';

type Outcome = 'signedIn' | 'challengeInvalid' | 'locked' | 'wrongCode' | 'passkeyRefused';

/**
 * POST /api/auth/login/verify: the second step. The challenge must be live and unspent, and the
 * proof right: an authenticator code of a later time step than the last one accepted, an unused
 * recovery code, or a passkey's signature over this sign-in's WebAuthn challenge. Codes may be
 * locked by guessing; a wrong code counts towards the lock and leaves the challenge for another
 * try. A passkey cannot be guessed, so it neither counts nor is held by the lock (the owner's way
 * in while someone who knows the password guesses codes); a refused one is recorded. A right
 * proof spends the challenge and opens the session exactly as a sign-in without a factor does.
 * Every outcome that changes something is recorded as an event of the user (the History).
 */
export async function verifySignIn(
  deps: AccountsDeps,
  input: TSignInVerify,
  client: ClientInfo,
): Promise<SignedIn> {
  const { user } = await pendingSignIn(deps.db, input.challenge);
  const method = input.passkey ? 'passkey' : input.code !== undefined ? 'totp' : 'recovery_code';
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // Locked first, then re-read: two requests with one challenge are taken one after the other.
    const challenge = await tx.maybeOne<{ id: number }>(sql`
      select id from public.sign_in_challenges
       where token_hash = ${sha256Hex(input.challenge)} and used_at is null and expires_at > now() for update`);
    const factors = await lockConfirmedFactors(tx, user.id);
    if (!challenge || factors.length === 0) return 'challengeInvalid';
    if (input.passkey) {
      const signInChallengeId = challenge.id;
      if (!(await acceptPasskey(tx, deps, { userId: user.id, signInChallengeId }, input.passkey))) {
        await recordSecurityEvent(tx, user.id, 'PASSKEY_REFUSED', method, client.ip);
        return 'passkeyRefused';
      }
    } else {
      if (factors.some((factor) => factor.locked)) return 'locked';
      const totp = factors.find((factor) => factor.kind === 'totp');
      const accepted =
        input.code !== undefined
          ? totp !== undefined && (await acceptTotpCode(tx, totp, input.code))
          : await spendRecoveryCode(tx, user.id, sha256Hex(input.recoveryCode ?? ''));
      if (!accepted) {
        await recordSecurityEvent(tx, user.id, 'WRONG_CODE', method, client.ip);
        if (!(await recordWrongCode(tx, { userId: user.id }))) return 'wrongCode';
        await recordSecurityEvent(tx, user.id, 'FACTOR_LOCKED', method, client.ip);
        return 'locked';
      }
    }
    await tx.many(sql`update public.sign_in_challenges set used_at = now() where id = ${challenge.id}`);
    if (method === 'recovery_code')
      await recordSecurityEvent(tx, user.id, 'RECOVERY_CODE_USED', method, client.ip);
    await recordSecurityEvent(tx, user.id, 'SIGNED_IN_WITH_FACTOR', method, client.ip);
    return 'signedIn';
  }, actorOf(user));
  if (outcome === 'challengeInvalid') throw new AppError('challenge_invalid');
  if (outcome === 'locked') throw new AppError('factor_locked');
  if (outcome === 'passkeyRefused') throw new AppError('passkey_refused');
  if (outcome === 'wrongCode') {
    const field = method === 'totp' ? 'code' : 'recoveryCode';
    throw new AppError('invalid_code', { fields: { [field]: ERROR_MESSAGES.invalid_code } });
  }
  return openSession(deps, user, client);
}
