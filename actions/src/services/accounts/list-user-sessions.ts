import { sql } from '../../db/sql.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';

/** One live sign-in of the user, as Account Settings lists it. */
export interface UserSession {
  /** The session family: what "Sign out" of that session names. */
  id: string;
  browser: string;
  device: string;
  /** The address of its latest sign-in or refresh. */
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session of this request ("This device"). */
  current: boolean;
}

/**
 * GET /api/user/sessions: the caller's live sessions (refresh-token families not ended and not
 * expired), newest activity first. Each refresh adds a row with the client's address and
 * browser, so the family's latest row says where it was last seen and its first when it began.
 */
export async function listUserSessions(deps: AccountsDeps, signedIn: SignedInUser): Promise<UserSession[]> {
  const rows = await deps.db.many<{
    family_id: string;
    user_agent: string | null;
    ip_address: string | null;
    signed_in_at: Date;
    last_seen_at: Date;
  }>(sql`
    select family_id, (array_agg(user_agent order by created_at desc))[1] as user_agent,
           (array_agg(host(ip_address) order by created_at desc))[1] as ip_address,
           min(created_at) as signed_in_at, max(created_at) as last_seen_at
      from public.sessions
     where user_id = ${signedIn.id}
     group by family_id
    having bool_and(revoked_at is null) and max(expires_at) > now()
     order by last_seen_at desc`);
  return rows.map((row) => ({
    id: row.family_id,
    ...describeUserAgent(row.user_agent),
    address: row.ip_address,
    signedInAt: row.signed_in_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    current: row.family_id === signedIn.sessionId,
  }));
}
