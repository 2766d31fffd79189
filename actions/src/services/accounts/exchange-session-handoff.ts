import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { AccessToken } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { type CurrentUser, describeUser } from './get-current-user.ts';
import { refreshSession } from './refresh-session.ts';
import { type ClientInfo, type IssuedRefreshToken, sessionFamilyOf } from './sessions.ts';
import { mustEnrolFirst } from './two-factor-policy.ts';
import { findUserById } from './users.ts';

/**
 * The app's side of `/redirect-from-backend`: spends a handoff code presented with the binder
 * cookie of the browser it was issued to (within its minute, once) and answers an access token of
 * that browser's session and its user, as a sign-in does, with the session's refresh token too
 * (spec 000 §2 "stores the tokens"), so the handed session lasts as one started in the app. An
 * unknown, spent, expired or foreign code (no binder, another browser's), and a session that has
 * ended since, all answer `handoff_invalid`; nothing else changes.
 */
export async function exchangeSessionHandoff(
  deps: AccountsDeps,
  input: { code: string; binder: string; refreshToken?: string; client: ClientInfo },
): Promise<AccessToken & IssuedRefreshToken & { user: CurrentUser }> {
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
  const refreshed = await handedRefreshToken(deps, claimed, input);
  const enrolmentOnly = await mustEnrolFirst(deps.db, user);
  return {
    ...refreshed,
    ...deps.signAccessToken({
      id: user.id,
      isAdmin: user.is_admin,
      isQam: user.is_qam,
      sessionId: claimed.family_id,
      enrolmentOnly,
    }),
    user: await describeUser(deps, user, enrolmentOnly),
  };
}

/**
 * The handed session's next refresh token. The browser's own refresh cookie of that session is
 * rotated as a refresh would (so a refresh racing the exchange gets the same successor); without
 * one (gone, or of another session) the session's live tokens, which this browser no longer
 * holds, are spent and a new one replaces them, ending when the session does.
 */
async function handedRefreshToken(
  deps: AccountsDeps,
  session: { family_id: string; user_id: number },
  input: { refreshToken?: string; client: ClientInfo },
): Promise<IssuedRefreshToken> {
  const own = input.refreshToken;
  if (own && (await sessionFamilyOf(deps.db, own)) === session.family_id) {
    const rotated = await refreshSession(deps, own, input.client).catch(() => null);
    if (rotated) return rotated;
  }
  const refreshToken = randomToken();
  return deps.db.transaction(async (tx) => {
    const spent = await tx.many<{ expires_at: Date }>(sql`
      update public.sessions set used_at = now()
       where family_id = ${session.family_id}::uuid and used_at is null and revoked_at is null
         and expires_at > now()
       returning expires_at`);
    const row = await tx.maybeOne<{ expires_at: Date }>(sql`
      insert into public.sessions (user_id, family_id, refresh_token_hash, expires_at, user_agent, ip_address)
      select ${session.user_id}, ${session.family_id}::uuid, ${sha256Hex(refreshToken)}, max(expires_at),
             ${input.client.userAgent?.slice(0, 500) ?? null}, ${input.client.ip ?? null}
        from public.sessions where family_id = ${session.family_id}::uuid and revoked_at is null
      having max(expires_at) > now()
      returning expires_at`);
    if (!row || spent.length === 0) throw new AppError('handoff_invalid');
    return { refreshToken, familyId: session.family_id, expiresAt: row.expires_at };
  });
}
