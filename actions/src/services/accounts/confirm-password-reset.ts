import type { TPasswordResetConfirm } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';
import { clearLoginFailures } from './login-throttle.ts';
import { revokeUserSessions } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';

/**
 * Sets a new password with a reset token, the account's newest (a newer request supersedes the
 * older links): the token (and any other open token of the user) becomes used, every session of the user is revoked and the sign-in lockout of the address
 * is lifted. The user is the actor the audit log records: they proved they own the address.
 */
export async function confirmPasswordReset(deps: AccountsDeps, input: TPasswordResetConfirm): Promise<void> {
  const tokenHash = sha256Hex(input.token);
  const found = await deps.db.maybeOne<{ user_id: number }>(sql`
    select user_id from public.password_resets
     where token_hash = ${tokenHash} and used_at is null and superseded_at is null and expires_at > now()`);
  const user = found && (await findUserById(deps.db, found.user_id));
  if (!user?.is_active) throw new AppError('reset_token_invalid');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // Check again under a lock: two confirmations with one token must not both succeed.
    const claimed = await tx.maybeOne<{ id: number }>(sql`
      update public.password_resets set used_at = now()
       where token_hash = ${tokenHash} and used_at is null and superseded_at is null and expires_at > now()
       returning id`);
    if (!claimed) throw new AppError('reset_token_invalid');
    await tx.many(
      sql`update public.password_resets set used_at = now() where user_id = ${user.id} and used_at is null`,
    );
    await tx.many(sql`update public.users set password_hash = ${passwordHash} where id = ${user.id}`);
    await revokeUserSessions(tx, user.id);
    await clearLoginFailures(tx, sha256Hex(user.email.toLowerCase()));
  }, actorOf(user));
}
