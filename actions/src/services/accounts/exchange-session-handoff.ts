import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccessToken } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { type CurrentUser, describeUser } from './get-current-user.ts';
import { findUserById } from './users.ts';

/**
 * The app's side of `/redirect-from-backend`: spends a handoff code presented with the binder
 * cookie of the browser it was issued to (within its minute, once) and answers an access token of
 * that browser's session and its user, as a sign-in does. An unknown, spent, expired or foreign
 * code (no binder, another browser's), and a session that has ended since, all answer
 * `handoff_invalid`; nothing else changes.
 */
export async function exchangeSessionHandoff(
  deps: AccountsDeps,
  input: { code: string; binder: string },
): Promise<AccessToken & { user: CurrentUser }> {
  const claimed = await deps.db.maybeOne<{ family_id: string; user_id: number }>(sql`
    update public.session_handoffs set used_at = now()
     where code_hash = ${sha256Hex(input.code)} and binder_hash = ${sha256Hex(input.binder)}
       and used_at is null and expires_at > now()
     returning family_id, user_id`);
  const live =
    claimed &&
    (await deps.db.maybeOne(sql`
      select 1 as live from public.sessions
       where family_id = ${claimed.family_id}::uuid and user_id = ${claimed.user_id}
         and revoked_at is null and expires_at > now()
       limit 1`));
  const user = live ? await findUserById(deps.db, claimed.user_id) : undefined;
  if (!claimed || !user?.is_active) throw new AppError('handoff_invalid');
  return {
    ...deps.signAccessToken({
      id: user.id,
      isAdmin: user.is_admin,
      isQam: user.is_qam,
      sessionId: claimed.family_id,
    }),
    user: await describeUser(deps, user),
  };
}
