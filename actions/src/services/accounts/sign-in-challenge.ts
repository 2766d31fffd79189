import { SIGN_IN_CHALLENGE_SECONDS, type TSecondFactorRequired } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * The first step of a sign-in with a second factor: the password was right, so the browser gets
 * a challenge (32 random bytes; its SHA-256 stored) to send with the code, for 5 minutes, once.
 * No session and no token yet.
 */
export async function issueSignInChallenge(q: Queryable, userId: number): Promise<TSecondFactorRequired> {
  const challenge = randomToken();
  const row = await q.one<{ expires_at: Date }>(sql`
    insert into public.sign_in_challenges (user_id, token_hash, expires_at)
    values (${userId}, ${sha256Hex(challenge)}, now() + make_interval(secs => ${SIGN_IN_CHALLENGE_SECONDS}))
    returning expires_at`);
  return { secondFactorRequired: true, challenge, challengeExpiresAt: row.expires_at.toISOString() };
}
