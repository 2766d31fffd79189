import { FACTOR_LOCK_SECONDS, MAX_WRONG_CODES } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { totpStepOf } from '../../lib/totp.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** A live authenticator app of a user, as sign-in and enrolment read it. */
export interface FactorRow {
  id: number;
  user_id: number;
  totp_secret: string;
  confirmed: boolean;
  locked: boolean;
}

const COLUMNS = sql`id, user_id, totp_secret, confirmed_at is not null as confirmed,
  coalesce(code_locked_until > now(), false) as locked`;

/** The user's live factor (confirmed or not), if any. */
export function liveFactorOf(q: Queryable, userId: number): Promise<FactorRow | undefined> {
  return q.maybeOne<FactorRow>(
    sql`select ${COLUMNS} from public.user_factors where user_id = ${userId} and removed_at is null`,
  );
}

/** The same, locked for the rest of the transaction (a code is checked and counted once). */
export function lockLiveFactor(q: Queryable, userId: number): Promise<FactorRow | undefined> {
  return q.maybeOne<FactorRow>(
    sql`select ${COLUMNS} from public.user_factors where user_id = ${userId} and removed_at is null for update`,
  );
}

/** Whether the user must give a second factor to sign in (a confirmed, live factor). */
export async function hasConfirmedFactor(q: Queryable, userId: number): Promise<boolean> {
  const factor = await liveFactorOf(q, userId);
  return factor?.confirmed ?? false;
}

/**
 * Accepts an authenticator code once: its time step must be later than the last accepted one
 * (the replay guard), which it then becomes; the wrong-code count is forgotten. False for a
 * wrong code or a code of a step already used.
 */
export async function acceptTotpCode(q: Queryable, factor: FactorRow, code: string): Promise<boolean> {
  const step = totpStepOf(factor.totp_secret, code);
  if (step === null) return false;
  const row = await q.maybeOne<{ id: number }>(sql`
    update public.user_factors set last_code_step = ${step}, last_code_at = now(), code_failures = 0,
      code_failures_since = null, code_locked_until = null
     where id = ${factor.id} and (last_code_step is null or last_code_step < ${step})
    returning id`);
  return row !== undefined;
}

/** Spends one of the user's recovery codes: false when it is not one, or was used already. */
export async function spendRecoveryCode(q: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const row = await q.maybeOne<{ id: number }>(sql`
    update public.user_recovery_codes set used_at = now()
     where user_id = ${userId} and code_hash = ${codeHash} and used_at is null and archived_at is null
    returning id`);
  if (!row) return false;
  await q.many(sql`update public.user_factors set code_failures = 0, code_failures_since = null,
    code_locked_until = null where user_id = ${userId} and removed_at is null`);
  return true;
}

/**
 * Counts a wrong code against the factor: the window starts at the first wrong code and lasts
 * 15 minutes; the fifth inside it locks the factor for 15 minutes. One statement, so requests on
 * several replicas count correctly. Answers whether the factor is now locked.
 */
export async function recordWrongCode(q: Queryable, factorId: number): Promise<boolean> {
  const inWindow = sql`f.code_failures_since > now() - make_interval(secs => ${FACTOR_LOCK_SECONDS})`;
  const row = await q.one<{ locked: boolean }>(sql`
    update public.user_factors f set
      code_failures = case when ${inWindow} then f.code_failures + 1 else 1 end,
      code_failures_since = case when ${inWindow} then f.code_failures_since else now() end,
      code_locked_until = case when (case when ${inWindow} then f.code_failures + 1 else 1 end) >= ${MAX_WRONG_CODES}
        then now() + make_interval(secs => ${FACTOR_LOCK_SECONDS}) else f.code_locked_until end
     where f.id = ${factorId}
    returning coalesce(f.code_locked_until > now(), false) as locked`);
  return row.locked;
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
  | 'RECOVERY_CODES_ISSUED';

/** One row of `account_security_events` (audited into the user's History). */
export async function recordSecurityEvent(
  q: Queryable,
  userId: number,
  event: SecurityEvent,
  method: 'totp' | 'recovery_code' | 'password' | null,
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
