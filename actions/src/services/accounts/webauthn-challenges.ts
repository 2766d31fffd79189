import { randomBytes } from 'node:crypto';
import { WEBAUTHN_CHALLENGE_SECONDS } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** What a WebAuthn challenge is bound to: its user, its ceremony and, at sign-in, the first step. */
export type CeremonyOf =
  | { userId: number; purpose: 'register' }
  | { userId: number; purpose: 'sign_in'; signInChallengeId: number };

const bindingOf = (of: CeremonyOf) =>
  of.purpose === 'sign_in'
    ? sql`user_id = ${of.userId} and purpose = 'sign_in' and sign_in_challenge_id = ${of.signInChallengeId}`
    : sql`user_id = ${of.userId} and purpose = 'register'`;

/**
 * A new challenge for a WebAuthn ceremony: 32 random bytes (base64url, what the authenticator
 * signs over in clientDataJSON), its SHA-256 stored in PostgreSQL for 2 minutes. A ceremony of the
 * same binding that was pending is spent, so each user has one live challenge per ceremony.
 */
export async function issueWebauthnChallenge(q: Queryable, of: CeremonyOf): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await q.many(sql`update public.webauthn_challenges set used_at = now()
    where ${bindingOf(of)} and used_at is null`);
  await q.many(sql`insert into public.webauthn_challenges (user_id, purpose, sign_in_challenge_id, challenge_hash, expires_at)
    values (${of.userId}, ${of.purpose}, ${of.purpose === 'sign_in' ? of.signInChallengeId : null},
      ${sha256Hex(challenge)}, now() + make_interval(secs => ${WEBAUTHN_CHALLENGE_SECONDS}))`);
  return challenge;
}

/** The challenge a browser's answer signed over (clientDataJSON's), or null when it has none. */
export function challengeOfClientData(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Spends the challenge an answer signed over, in one statement: it must be live, unspent and of
 * this binding (this user, this ceremony, this sign-in). Answers it, or null (then nothing was
 * spent). Any answer spends it, right or wrong: a challenge is good for one try.
 */
export async function spendWebauthnChallenge(
  q: Queryable,
  of: CeremonyOf,
  clientDataJSON: string,
): Promise<string | null> {
  const challenge = challengeOfClientData(clientDataJSON);
  if (!challenge) return null;
  const row = await q.maybeOne<{ id: number }>(sql`update public.webauthn_challenges set used_at = now()
    where challenge_hash = ${sha256Hex(challenge)} and ${bindingOf(of)} and used_at is null and expires_at > now()
    returning id`);
  return row ? challenge : null;
}
