import { HANDOFF_CODE_SECONDS } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';

/** A code for the redirect's URL and the binder for the browser's cookie; only their hashes are stored. */
export interface SessionHandoff {
  code: string;
  binder: string;
}

/**
 * The back end's side of `/redirect-from-backend`: a one-time code for the session of the
 * browser's refresh cookie (a live session, the cookie's token not yet rotated away), bound to
 * that browser by a second secret its httpOnly cookie will hold. Null when the browser has no
 * live session: nothing is handed over.
 */
export async function startSessionHandoff(
  deps: AccountsDeps,
  refreshToken: string,
): Promise<SessionHandoff | null> {
  const session = await deps.db.maybeOne<{ family_id: string; user_id: number }>(sql`
    select s.family_id, s.user_id from public.sessions s join public.users u on u.id = s.user_id
     where s.refresh_token_hash = ${sha256Hex(refreshToken)} and s.used_at is null and s.revoked_at is null
       and s.expires_at > now() and u.is_active`);
  if (!session) return null;
  const handoff = { code: randomToken(), binder: randomToken() };
  await deps.db.many(sql`
    insert into public.session_handoffs (code_hash, binder_hash, family_id, user_id, expires_at)
    values (${sha256Hex(handoff.code)}, ${sha256Hex(handoff.binder)}, ${session.family_id}::uuid, ${session.user_id},
            now() + make_interval(secs => ${HANDOFF_CODE_SECONDS}))`);
  return handoff;
}
