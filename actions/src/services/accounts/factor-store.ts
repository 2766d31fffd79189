import { randomBytes } from 'node:crypto';
import { FACTOR_LOCK_SECONDS, MAX_WRONG_CODES, RECOVERY_CODE_COUNT } from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { totpStepOf } from '../../lib/totp.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * A live second factor of a user, as sign-in and enrolment read it: the authenticator app (its
 * secret) or a passkey (its key is read where it is verified, `passkey-ceremonies.ts`).
 */
export interface FactorRow {
  id: number;
  user_id: number;
  kind: 'totp' | 'passkey';
  totp_secret: string | null;
  confirmed: boolean;
  locked: boolean;
}

const COLUMNS = sql`id, user_id, kind, totp_secret, confirmed_at is not null as confirmed,
  coalesce(code_locked_until > now(), false) as locked`;
const TOTP = sql`kind = 'totp' and removed_at is null`;

/** The user's live authenticator app (confirmed or not), if any, locked for the rest of the transaction. */
export function lockLiveTotp(q: Queryable, userId: number): Promise<FactorRow | undefined> {
  return q.maybeOne<FactorRow>(
    sql`select ${COLUMNS} from public.user_factors where user_id = ${userId} and ${TOTP} for update`,
  );
}

/**
 * Every confirmed, live factor of the user, locked for the rest of the transaction: the second
 * step of a sign-in checks and counts against them once.
 */
export function lockConfirmedFactors(q: Queryable, userId: number): Promise<FactorRow[]> {
  return q.many<FactorRow>(sql`select ${COLUMNS} from public.user_factors
     where user_id = ${userId} and removed_at is null and confirmed_at is not null order by id for update`);
}

/** The kinds of the user's confirmed, live factors (none: the password alone signs in). */
export async function confirmedFactorKinds(q: Queryable, userId: number): Promise<Array<FactorRow['kind']>> {
  const rows = await q.many<{ kind: FactorRow['kind'] }>(sql`select distinct kind from public.user_factors
     where user_id = ${userId} and removed_at is null and confirmed_at is not null`);
  return rows.map((row) => row.kind);
}

/** Whether the user must give a second factor to sign in (a confirmed, live factor of any kind). */
export async function hasConfirmedFactor(q: Queryable, userId: number): Promise<boolean> {
  return (await confirmedFactorKinds(q, userId)).length > 0;
}

/**
 * Accepts an authenticator code once: its time step must be later than the last accepted one
 * (the replay guard), which it then becomes; the wrong-code count is forgotten. False for a
 * wrong code or a code of a step already used.
 */
export async function acceptTotpCode(q: Queryable, factor: FactorRow, code: string): Promise<boolean> {
  if (factor.kind !== 'totp' || !factor.totp_secret) return false;
  const step = totpStepOf(factor.totp_secret, code);
  if (step === null) return false;
  const row = await q.maybeOne<{ id: number }>(sql`
    update public.user_factors set last_code_step = ${step}, last_code_at = now()
     where id = ${factor.id} and (last_code_step is null or last_code_step < ${step})
    returning id`);
  if (!row) return false;
  await forgetWrongCodes(q, factor.user_id);
  return true;
}

/** A right code of either kind: the user's wrong-code count and lock are forgotten. */
export async function forgetWrongCodes(q: Queryable, userId: number): Promise<void> {
  await q.many(sql`update public.user_factors set code_failures = 0, code_failures_since = null,
    code_locked_until = null where user_id = ${userId} and removed_at is null`);
}

/** Spends one of the user's recovery codes: false when it is not one, or was used already. */
export async function spendRecoveryCode(q: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const row = await q.maybeOne<{ id: number }>(sql`
    update public.user_recovery_codes set used_at = now()
     where user_id = ${userId} and code_hash = ${codeHash} and used_at is null and archived_at is null
    returning id`);
  if (!row) return false;
  await forgetWrongCodes(q, userId);
  return true;
}

/**
 * Counts a wrong code: the window starts at the first wrong code and lasts 15 minutes; the fifth
 * inside it locks for 15 minutes. One statement, so requests on several replicas count correctly.
 * At sign-in the count is the user's (every confirmed live factor carries it, so a passkey-only
 * account's recovery codes are counted too); at an authenticator app's set-up, the unconfirmed
 * factor's own. Answers whether the codes are now locked.
 */
export async function recordWrongCode(
  q: Queryable,
  target: { factorId: number } | { userId: number },
): Promise<boolean> {
  const where: SqlQuery =
    'factorId' in target
      ? sql`f.id = ${target.factorId}`
      : sql`f.user_id = ${target.userId} and f.removed_at is null and f.confirmed_at is not null`;
  const inWindow = sql`f.code_failures_since > now() - make_interval(secs => ${FACTOR_LOCK_SECONDS})`;
  const rows = await q.many<{ locked: boolean }>(sql`
    update public.user_factors f set
      code_failures = case when ${inWindow} then f.code_failures + 1 else 1 end,
      code_failures_since = case when ${inWindow} then f.code_failures_since else now() end,
      code_locked_until = case when (case when ${inWindow} then f.code_failures + 1 else 1 end) >= ${MAX_WRONG_CODES}
        then now() + make_interval(secs => ${FACTOR_LOCK_SECONDS}) else f.code_locked_until end
     where ${where}
    returning coalesce(f.code_locked_until > now(), false) as locked`);
  return rows.some((row) => row.locked);
}

export type SecurityEvent =
  | 'SIGNED_IN_WITH_FACTOR'
  | 'WRONG_CODE'
  | 'FACTOR_LOCKED'
  | 'RECOVERY_CODE_USED'
  | 'FACTORS_RESET'
  | 'SESSION_ENDED'
  | 'SIGNED_IN'
  | 'SIGN_IN_FAILED'
  | 'RECOVERY_CODES_ISSUED'
  | 'PASSKEY_REFUSED';

/** One row of `account_security_events` (audited into the user's History). */
export async function recordSecurityEvent(
  q: Queryable,
  userId: number,
  event: SecurityEvent,
  method: 'totp' | 'recovery_code' | 'password' | 'passkey' | null,
  ip?: string,
): Promise<void> {
  await q.many(sql`insert into public.account_security_events (user_id, event, method, ip_address)
    values (${userId}, ${event}, ${method}, ${ip ?? null}::inet)`);
}

/** Archives the user's unused recovery codes (a new set replaces them, or the factor went). */
export async function archiveRecoveryCodes(q: Queryable, userId: number): Promise<void> {
  await q.many(sql`update public.user_recovery_codes set archived_at = now()
    where user_id = ${userId} and used_at is null and archived_at is null`);
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 16 base32 characters, 80 random bits, so a plain SHA-256 is enough to store it. */
function newRecoveryCode(): string {
  return [...randomBytes(16)].map((byte) => BASE32[byte & 31]).join('');
}

/**
 * Ten new recovery codes for the user (any earlier set archived), stored hashed and answered once
 * in clear; recorded in the History.
 */
export async function issueRecoveryCodes(q: Queryable, userId: number): Promise<string[]> {
  await archiveRecoveryCodes(q, userId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  for (const code of codes)
    await q.many(
      sql`insert into public.user_recovery_codes (user_id, code_hash) values (${userId}, ${sha256Hex(code)})`,
    );
  await recordSecurityEvent(q, userId, 'RECOVERY_CODES_ISSUED', 'recovery_code');
  return codes;
}

/**
 * The recovery codes that go with a factor just confirmed: a new set with the account's first
 * factor; none when another factor was there already (its set stays, as the user saved it).
 */
export async function recoveryCodesForNewFactor(
  q: Queryable,
  userId: number,
  factorId: number,
): Promise<string[]> {
  const others = await q.one<{ count: number }>(sql`select count(*)::int as count from public.user_factors
     where user_id = ${userId} and id <> ${factorId} and removed_at is null and confirmed_at is not null`);
  return others.count === 0 ? issueRecoveryCodes(q, userId) : [];
}
