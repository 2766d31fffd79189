import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE_SECONDS } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { recordSecurityEvent } from './factor-store.ts';

/** A sign-in lasts as long as the spec's session cookie (8 hours, spec 000 §9); refreshing never extends it. */
export const SESSION_SECONDS = SESSION_COOKIE_SECONDS;

/** Where a request came from, kept on the session row for support. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The browser's device cookie (`known-devices.ts`), when it sent one. */
  deviceId?: string;
}

export interface IssuedRefreshToken {
  refreshToken: string;
  familyId: string;
  expiresAt: Date;
}

/** Starts a new session family and returns its first refresh token (only its hash is stored). */
export async function startSession(
  tx: Queryable,
  userId: number,
  client: ClientInfo,
  secondFactorAtIdp = false,
): Promise<IssuedRefreshToken> {
  const refreshToken = randomToken();
  const familyId = randomUUID();
  const row = await tx.one<{ expires_at: Date }>(sql`
    insert into public.sessions (user_id, family_id, refresh_token_hash, expires_at, user_agent, ip_address,
      second_factor_at_idp)
    values (${userId}, ${familyId}, ${sha256Hex(refreshToken)}, now() + make_interval(secs => ${SESSION_SECONDS}),
      ${client.userAgent?.slice(0, 500) ?? null}, ${client.ip ?? null}, ${secondFactorAtIdp})
    returning expires_at`);
  return { refreshToken, familyId, expiresAt: row.expires_at };
}

/** The session family a refresh token belongs to (whatever its state), or null for an unknown token. */
export async function sessionFamilyOf(q: Queryable, refreshToken: string): Promise<string | null> {
  const row = await q.maybeOne<{ family_id: string }>(
    sql`select family_id from public.sessions where refresh_token_hash = ${sha256Hex(refreshToken)}`,
  );
  return row?.family_id ?? null;
}

/** Revokes every token of a family. */
export async function revokeFamily(q: Queryable, familyId: string): Promise<void> {
  await q.many(
    sql`update public.sessions set revoked_at = now() where family_id = ${familyId} and revoked_at is null`,
  );
}

/** Revokes every session of a user (after a password reset). */
export async function revokeUserSessions(
  q: Queryable,
  userId: number,
  exceptFamilyId?: string,
): Promise<void> {
  await q.many(sql`update public.sessions set revoked_at = now()
    where user_id = ${userId} and revoked_at is null and family_id is distinct from ${exceptFamilyId ?? null}::uuid`);
}

/** Ends the user's live sessions named (all but `keep` when none are named); how many ended. */
export async function endSessionsOf(
  tx: Queryable,
  userId: number,
  options: { familyId?: string; keep?: string; ip?: string },
): Promise<number> {
  const families = await tx.many<{ family_id: string }>(sql`
    select distinct family_id from public.sessions
     where user_id = ${userId} and revoked_at is null and expires_at > now()
       and (${options.familyId ?? null}::uuid is null or family_id = ${options.familyId ?? null}::uuid)
       and family_id is distinct from ${options.keep ?? null}::uuid`);
  for (const { family_id } of families) await revokeFamily(tx, family_id);
  if (families.length > 0) await recordSecurityEvent(tx, userId, 'SESSION_ENDED', null, options.ip);
  return families.length;
}
