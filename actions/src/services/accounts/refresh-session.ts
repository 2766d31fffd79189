import { createHmac } from 'node:crypto';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccessToken } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { type ClientInfo, type IssuedRefreshToken, revokeFamily } from './sessions.ts';
import { mustEnrolFirst } from './two-factor-policy.ts';

interface SessionRow {
  id: string;
  user_id: number;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  expired: boolean;
  /** Spent within the last REFRESH_RETRY_SECONDS. */
  just_used: boolean;
  is_active: boolean;
  is_admin: boolean;
  is_qam: boolean;
  is_surveyor: boolean;
  is_staff: boolean;
  /** The identity provider reported a multi-factor sign-in (single sign-on): the policy is met. */
  second_factor_at_idp: boolean;
}

type Outcome = { ok: true; issued: IssuedRefreshToken; row: SessionRow } | { ok: false; reuse: boolean };

/**
 * How long after a refresh the same token may be presented again and get the same answer: the
 * answer to a refresh can be lost on its way (the page reloaded or closed meanwhile, a dropped
 * connection), and the browser then still holds the spent token.
 */
export const REFRESH_RETRY_SECONDS = 10;

/**
 * A refresh token's successor: a keyed hash of it, so that the same token always gets the same
 * successor and only the server can tell what it is. (The sign-in's token is random.)
 */
export function successorOf(refreshToken: string, key: string): string {
  return createHmac('sha256', key).update(`refresh-successor:${refreshToken}`, 'utf8').digest('base64url');
}

/**
 * Rotates a refresh token: the presented one is marked used and its successor (`successorOf`), of
 * the same family and with the same end time, replaces it. The same token presented again within
 * REFRESH_RETRY_SECONDS, while its successor is still unused, is a retry whose answer was lost:
 * it gets the same successor again. Otherwise presenting a used token means it was copied: the
 * whole family is revoked (a copy presented within the retry window gets the successor too, and
 * the first of the two holders to refresh with it makes the other's refresh a reuse). Unknown,
 * expired and revoked tokens are all refused the same way.
 */
export async function refreshSession(
  deps: AccountsDeps,
  refreshToken: string,
  client: ClientInfo,
): Promise<AccessToken & IssuedRefreshToken & { signedIn: { id: number; enrolmentOnly: boolean } }> {
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const row = await tx.maybeOne<SessionRow>(sql`
      select s.id, s.user_id, s.family_id, s.expires_at, s.used_at, s.revoked_at, s.expires_at <= now() as expired,
             s.second_factor_at_idp,
             s.used_at > now() - make_interval(secs => ${REFRESH_RETRY_SECONDS}) as just_used,
             u.is_active, u.is_admin, u.is_qam, u.is_surveyor, u.is_staff
        from public.sessions s join public.users u on u.id = s.user_id
       where s.refresh_token_hash = ${sha256Hex(refreshToken)}
       for update of s`);
    if (!row) return { ok: false, reuse: false };
    const next = successorOf(refreshToken, deps.config.jwt.key);
    if (row.used_at && !row.revoked_at) {
      const successor = row.just_used
        ? await tx.maybeOne<{ usable: boolean }>(sql`
            select used_at is null and revoked_at is null and expires_at > now() as usable
              from public.sessions
             where refresh_token_hash = ${sha256Hex(next)} and family_id = ${row.family_id}
             for update`)
        : null;
      if (successor?.usable && !row.is_active) {
        await revokeFamily(tx, row.family_id);
        return { ok: false, reuse: false };
      }
      if (successor?.usable) {
        return {
          ok: true,
          row,
          issued: { refreshToken: next, familyId: row.family_id, expiresAt: row.expires_at },
        };
      }
      await revokeFamily(tx, row.family_id);
      return { ok: false, reuse: true };
    }
    if (row.revoked_at || row.expired || row.used_at) return { ok: false, reuse: false };
    if (!row.is_active) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reuse: false };
    }
    await tx.many(sql`update public.sessions set used_at = now() where id = ${row.id}`);
    await tx.many(sql`
      insert into public.sessions (user_id, family_id, refresh_token_hash, expires_at, user_agent, ip_address,
        second_factor_at_idp)
      values (${row.user_id}, ${row.family_id}, ${sha256Hex(next)}, ${row.expires_at},
        ${client.userAgent?.slice(0, 500) ?? null}, ${client.ip ?? null}, ${row.second_factor_at_idp})`);
    return {
      ok: true,
      row,
      issued: { refreshToken: next, familyId: row.family_id, expiresAt: row.expires_at },
    };
  });
  if (!outcome.ok) {
    if (outcome.reuse)
      deps.log.warn('a spent refresh token was presented again; its session family is revoked');
    throw new AppError('token_not_valid');
  }
  const { row, issued } = outcome;
  const enrolmentOnly =
    !row.second_factor_at_idp && (await mustEnrolFirst(deps.db, { ...row, id: row.user_id }));
  return {
    ...issued,
    // Who the new access token is for, as the token says it (the route answers their details).
    signedIn: { id: row.user_id, enrolmentOnly },
    ...deps.signAccessToken({
      id: row.user_id,
      isAdmin: row.is_admin,
      isQam: row.is_qam,
      sessionId: row.family_id,
      enrolmentOnly,
    }),
  };
}
