import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** Failures within the window that lock the address. */
export const MAX_FAILED_LOGINS = 5;
/** How long the failure window and the lock last (15 minutes). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** Whether sign-in for this e-mail hash is locked right now. */
export async function isLoginLocked(q: Queryable, emailHash: string): Promise<boolean> {
  const row = await q.maybeOne<{ locked: boolean }>(sql`
    select coalesce(locked_until > now(), false) as locked from public.login_attempts where email_hash = ${emailHash}`);
  return row?.locked ?? false;
}

/**
 * Counts a failed sign-in. The window starts at the first failure and lasts 15 minutes; the
 * fifth failure inside it locks the address for 15 minutes. One atomic statement, so
 * concurrent attempts on several replicas count correctly.
 */
export async function recordLoginFailure(q: Queryable, emailHash: string): Promise<void> {
  await q.many(sql`
    insert into public.login_attempts as a (email_hash, failed_count, window_started_at, updated_at)
    values (${emailHash}, 1, now(), now())
    on conflict (email_hash) do update set
      failed_count = case when a.window_started_at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})
        then a.failed_count + 1 else 1 end,
      window_started_at = case when a.window_started_at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})
        then a.window_started_at else now() end,
      locked_until = case when a.window_started_at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})
          and a.failed_count + 1 >= ${MAX_FAILED_LOGINS}
        then now() + make_interval(secs => ${LOGIN_WINDOW_SECONDS}) else a.locked_until end,
      updated_at = now()`);
}

/** Forgets the failures of an address (after a successful sign-in or a password reset). */
export async function clearLoginFailures(q: Queryable, emailHash: string): Promise<void> {
  await q.many(sql`delete from public.login_attempts where email_hash = ${emailHash}`);
}
