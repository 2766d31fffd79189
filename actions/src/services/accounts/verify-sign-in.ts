import type { TSignInVerify } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError, ERROR_MESSAGES } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';
import {
  acceptTotpCode,
  lockLiveFactor,
  recordSecurityEvent,
  recordWrongCode,
  spendRecoveryCode,
} from './factor-store.ts';
import type { ClientInfo } from './sessions.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { actorOf, findUserById } from './users.ts';

type Outcome = 'signedIn' | 'challengeInvalid' | 'locked' | 'wrongCode';

/**
 * POST /api/auth/login/verify: the second step. The challenge must be live and unspent; the
 * factor not locked; the code right and not used before (an authenticator code of a later time
 * step than the last one accepted, or an unused recovery code). A wrong code counts towards the
 * factor's lock and leaves the challenge for another try; a right one spends the challenge and
 * opens the session exactly as a sign-in without a factor does. Every outcome that changes
 * something is recorded as an event of the user (the audit log, the user's History).
 */
export async function verifySignIn(
  deps: AccountsDeps,
  input: TSignInVerify,
  client: ClientInfo,
): Promise<SignedIn> {
  const pending = await deps.db.maybeOne<{ user_id: number }>(sql`
    select user_id from public.sign_in_challenges
     where token_hash = ${sha256Hex(input.challenge)} and used_at is null and expires_at > now()`);
  const user = pending && (await findUserById(deps.db, pending.user_id));
  if (!user?.is_active) throw new AppError('challenge_invalid');
  const method = input.code !== undefined ? 'totp' : 'recovery_code';
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // Locked first, then re-read: two requests with one challenge are taken one after the other.
    const challenge = await tx.maybeOne<{ id: number }>(sql`
      select id from public.sign_in_challenges
       where token_hash = ${sha256Hex(input.challenge)} and used_at is null and expires_at > now() for update`);
    const factor = await lockLiveFactor(tx, user.id);
    if (!challenge || !factor?.confirmed) return 'challengeInvalid';
    if (factor.locked) return 'locked';
    const accepted =
      input.code !== undefined
        ? await acceptTotpCode(tx, factor, input.code)
        : await spendRecoveryCode(tx, user.id, sha256Hex(input.recoveryCode ?? ''));
    if (!accepted) {
      await recordSecurityEvent(tx, user.id, 'WRONG_CODE', method, client.ip);
      if (!(await recordWrongCode(tx, factor.id))) return 'wrongCode';
      await recordSecurityEvent(tx, user.id, 'FACTOR_LOCKED', method, client.ip);
      return 'locked';
    }
    await tx.many(sql`update public.sign_in_challenges set used_at = now() where id = ${challenge.id}`);
    if (method === 'recovery_code')
      await recordSecurityEvent(tx, user.id, 'RECOVERY_CODE_USED', method, client.ip);
    await recordSecurityEvent(tx, user.id, 'SIGNED_IN_WITH_FACTOR', method, client.ip);
    return 'signedIn';
  }, actorOf(user));
  if (outcome === 'challengeInvalid') throw new AppError('challenge_invalid');
  if (outcome === 'locked') throw new AppError('factor_locked');
  if (outcome === 'wrongCode') {
    const field = method === 'totp' ? 'code' : 'recoveryCode';
    throw new AppError('invalid_code', { fields: { [field]: ERROR_MESSAGES.invalid_code } });
  }
  return openSession(deps, user, client);
}
