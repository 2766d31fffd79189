import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * Deletes rows nobody needs any more: lockout counters whose window and lock ended a day ago,
 * sessions and reset tokens that expired a week ago (kept that long for support questions), sign-ups
 * whose confirmation link expired (they hold a password hash; nobody can use them), the counts of
 * registration-number look-ups older than a day (only the last hour limits anyone), session
 * handoff codes and single sign-on requests that expired a day ago (minutes are their life), the
 * devices of the new-device e-mail not seen for 400 days (their cookie is gone by then), and
 * indicator editing locks that have expired (no role sees them and they block nothing; a lock is
 * presence, not data), and flood-limit counters whose window ended an hour ago.
 * Idempotent, so every replica may run it.
 */
export async function removeStaleRows(q: Queryable) {
  const [attempts] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.login_attempts
      where updated_at < now() - interval '1 day' and coalesce(locked_until, '-infinity') < now() returning 1)
    select count(*)::integer as count from gone`);
  const [sessions] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.sessions where expires_at < now() - interval '7 days' returning 1)
    select count(*)::integer as count from gone`);
  const [resets] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.password_resets where expires_at < now() - interval '7 days' returning 1)
    select count(*)::integer as count from gone`);
  const [pending] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.pending_registrations where expires_at < now() returning 1)
    select count(*)::integer as count from gone`);
  const [lookups] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.registration_lookups where looked_up_at < now() - interval '1 day' returning 1)
    select count(*)::integer as count from gone`);
  const [handoffs] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.session_handoffs where expires_at < now() - interval '1 day' returning 1)
    select count(*)::integer as count from gone`);
  const [ssoRequests] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.sso_sign_in_requests where expires_at < now() - interval '1 day' returning 1)
    select count(*)::integer as count from gone`);
  const [devices] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.user_devices where last_seen_at < now() - interval '400 days' returning 1)
    select count(*)::integer as count from gone`);
  const [locks] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.indicator_locks where expires_at < now() returning 1)
    select count(*)::integer as count from gone`);
  const [hits] = await q.many<{ count: number }>(sql`
    with gone as (delete from public.rate_limit_hits where window_ends_at < now() - interval '1 hour' returning 1)
    select count(*)::integer as count from gone`);
  return {
    indicatorLocks: locks?.count ?? 0,
    rateLimitHits: hits?.count ?? 0,
    loginAttempts: attempts?.count ?? 0,
    sessions: sessions?.count ?? 0,
    passwordResets: resets?.count ?? 0,
    pendingRegistrations: pending?.count ?? 0,
    registrationLookups: lookups?.count ?? 0,
    sessionHandoffs: handoffs?.count ?? 0,
    ssoSignInRequests: ssoRequests?.count ?? 0,
    userDevices: devices?.count ?? 0,
  };
}
