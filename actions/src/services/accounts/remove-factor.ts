import type { TRemoveFactor } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { archiveRecoveryCodes, hasConfirmedFactor } from './factor-store.ts';
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from './login-throttle.ts';
import { endSessionsOf } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';

/**
 * POST /api/user/factors/:id/remove: removing a factor needs the password again, a fresh proof
 * that the account's owner is at the keyboard and not someone at a session left open. A wrong
 * password counts towards the sign-in lockout of the address (this is not a way round it). The
 * factor (an authenticator app or a passkey) is archived (removed_at); with the account's last
 * factor go the unused recovery codes.
 */
export async function removeFactor(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  factorId: number,
  input: TRemoveFactor,
): Promise<void> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  const emailHash = sha256Hex(user.email);
  if (await isLoginLocked(deps.db, emailHash)) throw new AppError('too_many_attempts');
  if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) {
    await recordLoginFailure(deps.db, emailHash);
    throw new AppError('wrong_password', {
      message: 'The password is incorrect.',
      fields: { password: 'The password is incorrect.' },
    });
  }
  await clearLoginFailures(deps.db, emailHash);
  await deps.db.transaction(async (tx) => {
    const removed = await tx.maybeOne<{ id: number }>(sql`
      update public.user_factors set removed_at = now()
       where id = ${factorId} and user_id = ${user.id} and removed_at is null and confirmed_at is not null
      returning id`);
    if (!removed) throw new AppError('not_found', { message: 'No such sign-in factor.' });
    if (!(await hasConfirmedFactor(tx, user.id))) await archiveRecoveryCodes(tx, user.id);
    // A factor changed: every other session ends.
    await endSessionsOf(tx, user.id, { keep: signedIn.sessionId });
  }, actorOf(user));
}
