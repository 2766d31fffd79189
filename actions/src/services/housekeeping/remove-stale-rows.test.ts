import {
  createAccreditation,
  createAssessment,
  createPractice,
  createStandards,
  createUser,
} from '@portal/testkit/factories';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStaleRows } from './remove-stale-rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('removeStaleRows', () => {
  it('removes old counters, sessions and reset tokens, and keeps live ones', async () => {
    const user = await createUser(t.sql);
    await t.sql.query(`
      insert into public.login_attempts (email_hash, failed_count, window_started_at, locked_until, updated_at) values
        (repeat('a', 64), 5, now() - interval '2 days', now() - interval '2 days', now() - interval '2 days'),
        (repeat('b', 64), 2, now(), null, now()),
        (repeat('c', 64), 5, now() - interval '2 days', now() + interval '1 hour', now() - interval '2 days')`);
    await t.sql.query(
      `insert into public.sessions (user_id, family_id, refresh_token_hash, created_at, expires_at) values
        ($1, gen_random_uuid(), 'old', now() - interval '9 days', now() - interval '8 days'),
        ($1, gen_random_uuid(), 'live', now(), now() + interval '8 hours')`,
      [user.id],
    );
    await t.sql.query(
      `insert into public.password_resets (user_id, token_hash, created_at, expires_at, superseded_at) values
        ($1, 'old', now() - interval '9 days', now() - interval '8 days', now()),
        ($1, 'live', now(), now() + interval '1 hour', null)`,
      [user.id],
    );
    await t.sql.query(
      `insert into public.pending_registrations (email, first_name, last_name, password_hash, token_hash, created_at, expires_at) values
        ('gone@demo.test', 'A', 'B', 'h', repeat('1', 64), now() - interval '2 days', now() - interval '1 day'),
        ('live@demo.test', 'A', 'B', 'h', repeat('2', 64), now(), now() + interval '1 day')`,
    );
    await t.sql.query(
      `insert into public.registration_lookups (user_id, looked_up_at) values ($1, now() - interval '25 hours'), ($1, now())`,
      [user.id],
    );
    await t.sql.query(
      `insert into public.session_handoffs (code_hash, binder_hash, family_id, user_id, created_at, expires_at) values
        ('old', 'b', gen_random_uuid(), $1, now() - interval '2 days', now() - interval '2 days' + interval '1 minute'),
        ('live', 'b', gen_random_uuid(), $1, now(), now() + interval '1 minute')`,
      [user.id],
    );
    const nonce = 'n'.repeat(43);
    await t.sql.query(
      `insert into public.sso_sign_in_requests (state_hash, binder_hash, nonce, code_verifier, created_at, expires_at) values
        (repeat('a', 64), repeat('b', 64), $1, $1, now() - interval '2 days', now() - interval '2 days' + interval '10 minutes'),
        (repeat('c', 64), repeat('b', 64), $1, $1, now(), now() + interval '10 minutes')`,
      [nonce],
    );
    await t.sql.query(
      `insert into public.user_devices (user_id, device_hash, agent_family, first_seen_at, last_seen_at) values
        ($1, repeat('d', 64), 'Firefox', now() - interval '500 days', now() - interval '401 days'),
        ($1, repeat('e', 64), 'Firefox', now() - interval '500 days', now() - interval '399 days')`,
      [user.id],
    );
    await t.sql.query(
      `insert into public.rate_limit_hits (key, hits, window_ends_at) values
        ('auth:old', 3, now() - interval '61 minutes'), ('auth:recent', 3, now() - interval '59 minutes')`,
    );
    expect(await removeStaleRows(t.app.db)).toEqual({
      indicatorLocks: 0,
      rateLimitHits: 1,
      loginAttempts: 1,
      sessions: 1,
      passwordResets: 1,
      pendingRegistrations: 1,
      registrationLookups: 1,
      sessionHandoffs: 1,
      ssoSignInRequests: 1,
      userDevices: 1,
    });
    const hits = await t.sql.query(
      `select key from public.rate_limit_hits where key in ('auth:old', 'auth:recent')`,
    );
    expect(hits.rows).toEqual([{ key: 'auth:recent' }]);
    const pending = await t.sql.query('select email from public.pending_registrations');
    expect(pending.rows).toEqual([{ email: 'live@demo.test' }]);
    const left = await t.sql.query(`
      select (select array_agg(left(email_hash, 1) order by email_hash) from public.login_attempts) as attempts,
             (select array_agg(refresh_token_hash) from public.sessions) as sessions,
             (select array_agg(token_hash) from public.password_resets) as resets`);
    expect(left.rows[0]).toEqual({ attempts: ['b', 'c'], sessions: ['live'], resets: ['live'] });
  });
});

describe('removeStaleRows on indicator locks', () => {
  it('removes expired editing locks and keeps live ones', async () => {
    const practice = await createPractice(t.sql);
    const standards = await createStandards(t.sql, 2);
    const accreditation = await createAccreditation(t.sql, practice.id, {
      survey_version_id: standards.version.id,
    });
    const assessment = await createAssessment(
      t.sql,
      accreditation.id,
      {},
      standards.indicators.map((indicator) => indicator.id),
    );
    const user = await createUser(t.sql);
    // Written as the database owner (no Hasura role), so the expiry given here is kept.
    const { rows } = await t.sql.query(
      `insert into public.indicator_locks (assessment_id, indicator_response_id, user_id, created_at, expires_at)
       select $1, r.id, $2, now() - interval '10 minutes',
              case when row_number() over (order by r.id) = 1 then now() - interval '1 minute' else now() + interval '1 minute' end
       from unnest($3::integer[]) as r(id)
       returning id, expires_at < now() as expired`,
      [assessment.id, user.id, assessment.responseIds],
    );
    expect(rows.map((r) => r.expired).sort()).toEqual([false, true]);
    const result = await removeStaleRows(t.app.db);
    expect(result.indicatorLocks).toBe(1);
    const left = await t.sql.query('select id from public.indicator_locks');
    expect(left.rows.map((r) => r.id)).toEqual(rows.filter((r) => !r.expired).map((r) => r.id));
  });
});
