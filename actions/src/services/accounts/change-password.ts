import type { TChangePasswordRequest } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError, ERROR_MESSAGES } from '../../errors/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { revokeUserSessions } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';

/**
 * Changes the signed-in user's password after checking the current one. Other sessions of
 * the user are signed out; the one making the change stays signed in.
 */
export async function changePassword(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  input: TChangePasswordRequest,
) {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  if (!user.password_hash || !(await verifyPassword(input.oldPassword, user.password_hash))) {
    throw new AppError('wrong_password', { fields: { oldPassword: ERROR_MESSAGES.wrong_password } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.many(sql`update public.users set password_hash = ${passwordHash} where id = ${user.id}`);
    await revokeUserSessions(tx, user.id, signedIn.sessionId);
  }, actorOf(user));
}
