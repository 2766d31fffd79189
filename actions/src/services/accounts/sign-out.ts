import { sql } from '../../db/sql.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';

/** Ends the session the refresh token belongs to (every token of its family). Unknown tokens are ignored. */
export async function signOut(deps: AccountsDeps, refreshToken: string): Promise<void> {
  await deps.db.many(sql`
    update public.sessions set revoked_at = now()
     where revoked_at is null
       and family_id = (select family_id from public.sessions where refresh_token_hash = ${sha256Hex(refreshToken)})`);
}
