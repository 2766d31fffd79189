import {
  SIGN_IN_CHALLENGE_SECONDS,
  type TSecondFactorMethod,
  type TSecondFactorRequired,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { confirmedFactorKinds } from './factor-store.ts';
import { findUserById, type UserRow } from './users.ts';

/**
 * The first step of a sign-in with a second factor: the password was right, so the browser gets
 * a challenge (32 random bytes; its SHA-256 stored) to send with the code, for 5 minutes, once.
 * No session and no token yet. The answer says which ways the account has to give its second
 * factor (a passkey, its authenticator app; a recovery code always), so the app offers those.
 */
export async function issueSignInChallenge(q: Queryable, userId: number): Promise<TSecondFactorRequired> {
  const challenge = randomToken();
  const row = await q.one<{ expires_at: Date }>(sql`
    insert into public.sign_in_challenges (user_id, token_hash, expires_at)
    values (${userId}, ${sha256Hex(challenge)}, now() + make_interval(secs => ${SIGN_IN_CHALLENGE_SECONDS}))
    returning expires_at`);
  const kinds = await confirmedFactorKinds(q, userId);
  const methods: TSecondFactorMethod[] = [
    ...(kinds.includes('passkey') ? (['passkey'] as const) : []),
    ...(kinds.includes('totp') ? (['totp'] as const) : []),
    'recovery_code',
  ];
  return {
    secondFactorRequired: true,
    challenge,
    challengeExpiresAt: row.expires_at.toISOString(),
    methods,
  };
}

/** The live, unspent first step of a sign-in and its active user; anything else is `challenge_invalid`. */
export async function pendingSignIn(q: Queryable, challenge: string): Promise<{ id: number; user: UserRow }> {
  const pending = await q.maybeOne<{ id: number; user_id: number }>(sql`
    select id, user_id from public.sign_in_challenges
     where token_hash = ${sha256Hex(challenge)} and used_at is null and expires_at > now()`);
  const user = pending && (await findUserById(q, pending.user_id));
  if (!pending || !user?.is_active) throw new AppError('challenge_invalid');
  return { id: pending.id, user };
}
