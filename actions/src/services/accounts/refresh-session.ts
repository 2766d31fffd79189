import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { AccessToken } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { type ClientInfo, type IssuedRefreshToken, revokeFamily } from './sessions.ts';

interface SessionRow {
  id: string;
  user_id: number;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  expired: boolean;
  is_active: boolean;
  is_admin: boolean;
  is_qam: boolean;
}

type Outcome = { ok: true; issued: IssuedRefreshToken; row: SessionRow } | { ok: false; reuse: boolean };

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same family,
 * with the same end time, replaces it. Presenting a token that was already used means it was
 * copied: the whole family is revoked. Unknown, expired and revoked tokens are all refused
 * the same way.
 */
export async function refreshSession(
  deps: AccountsDeps,
  refreshToken: string,
  client: ClientInfo,
): Promise<AccessToken & IssuedRefreshToken> {
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const row = await tx.maybeOne<SessionRow>(sql`
      select s.id, s.user_id, s.family_id, s.expires_at, s.used_at, s.revoked_at, s.expires_at <= now() as expired,
             u.is_active, u.is_admin, u.is_qam
        from public.sessions s join public.users u on u.id = s.user_id
       where s.refresh_token_hash = ${sha256Hex(refreshToken)}
       for update of s`);
    if (!row) return { ok: false, reuse: false };
    if (row.used_at && !row.revoked_at) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reuse: true };
    }
    if (row.revoked_at || row.expired || row.used_at) return { ok: false, reuse: false };
    if (!row.is_active) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reuse: false };
    }
    await tx.many(sql`update public.sessions set used_at = now() where id = ${row.id}`);
    const next = randomToken();
    await tx.many(sql`
      insert into public.sessions (user_id, family_id, refresh_token_hash, expires_at, user_agent, ip_address)
      values (${row.user_id}, ${row.family_id}, ${sha256Hex(next)}, ${row.expires_at},
        ${client.userAgent?.slice(0, 500) ?? null}, ${client.ip ?? null})`);
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
  return {
    ...issued,
    ...deps.signAccessToken({
      id: row.user_id,
      isAdmin: row.is_admin,
      isQam: row.is_qam,
      sessionId: row.family_id,
    }),
  };
}
