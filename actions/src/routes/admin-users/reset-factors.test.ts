import { createUser } from '@portal/testkit/factories';
import { cookieOf, refresh, signIn } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { enrol, firstStep } from '@portal/testkit/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A provider admin resets a user's second factors (docs/decisions/accounts-and-sessions.md,
// "Admin reset"): audited as the admin, the user e-mailed, their sessions ended.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
});
afterAll(() => stack?.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const reset = (token: string | null, userId: number | string) =>
  stack.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/reset-factors`,
    headers: token ? as(token) : {},
  });

async function liveFactors(userId: number) {
  const { rows } = await stack.sql.query(
    'select count(*)::int as n from user_factors where user_id = $1 and removed_at is null',
    [userId],
  );
  return rows[0].n as number;
}

describe('POST /api/admin/users/:id/reset-factors', () => {
  it('spec-silent (accounts-and-sessions "Admin reset"): a provider admin resets a QAM’s factor: audited as the admin, the QAM e-mailed and signed out, then signs in with the password and is led to enrol', async () => {
    await stack.sql.query('update provider_settings set require_two_factor_qam = true');
    const admin = await createUser(stack.sql, { isAdmin: true });
    const qam = await createUser(stack.sql, { isQam: true, firstName: 'Helen' });
    // The QAM enrols (their first session is an enrolment one), then signs in with a code.
    const { headers } = await enrol(stack.app, qam.email, qam.password);
    await firstStep(stack.app, qam.email, qam.password);
    const { rows: before } = await stack.sql.query('select count(*)::int as n from email_outbox');

    const { accessToken } = await signIn(stack.app, admin.email, admin.password);
    const response = await reset(accessToken, qam.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: 1 });
    expect(await liveFactors(qam.id)).toBe(0);

    // The QAM's sessions ended: the set-up session's token is refused.
    const me = await stack.app.inject({ method: 'GET', url: '/api/user/current', headers });
    expect(me.statusCode).toBe(401);

    const { rows: audit } = await stack.sql.query(
      `select table_name, changed_by_id, new_data from audit_log
        where table_name in ('user_factors', 'account_security_events') and row_id = $1
          and (new_data->>'removed_at' is not null or new_data->>'event' = 'FACTORS_RESET') order by id`,
      [String(qam.id)],
    );
    expect(audit.map((r) => [r.table_name, r.changed_by_id])).toEqual([
      ['user_factors', admin.id],
      ['account_security_events', admin.id],
    ]);
    const { rows: mail } = await stack.sql.query(
      'select to_address, subject, text_body from email_outbox order by id offset $1',
      [before[0].n],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: qam.email, subject: 'Your two-factor sign-in was reset' });
    expect(mail[0].text_body).toMatch(/^Hello Helen,/);

    // The password alone opens a session again: one that must set up a factor first.
    const again = await signIn(stack.app, qam.email, qam.password);
    expect(again.response.json().user.mustEnrolTwoFactor).toBe(true);
    expect(cookieOf(again.response, 'portal_refresh')).toBeDefined();
  });

  it('spec-silent (accounts-and-sessions "Admin reset"): attack: refuses a QAM, a practice user, no token, a demoted admin, a plain admin on a super admin, and a bad id; changes nothing', async () => {
    await stack.sql.query(`update provider_settings set require_two_factor_qam = false,
      require_two_factor_provider_admin = false, require_two_factor_surveyor = false`);
    const target = await createUser(stack.sql);
    await enrol(stack.app, target.email, target.password);
    const qam = await createUser(stack.sql, { isQam: true });
    const manager = await createUser(stack.sql);
    const demoted = await createUser(stack.sql, { isAdmin: true });
    const demotedToken = (await signIn(stack.app, demoted.email, demoted.password)).accessToken;
    await stack.sql.query('update users set is_admin = false where id = $1', [demoted.id]);

    for (const caller of [qam, manager]) {
      const token = (await signIn(stack.app, caller.email, caller.password)).accessToken;
      const refused = await reset(token, target.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only a provider admin can manage users’ sign-in.');
    }
    expect((await reset(demotedToken, target.id)).statusCode).toBe(403);
    expect((await reset(null, target.id)).statusCode).toBe(401);

    const admin = await createUser(stack.sql, { isAdmin: true });
    const superAdmin = await createUser(stack.sql, { isSuperadmin: true });
    await enrol(stack.app, superAdmin.email, superAdmin.password);
    const adminToken = (await signIn(stack.app, admin.email, admin.password)).accessToken;
    const onSuper = await reset(adminToken, superAdmin.id);
    expect(onSuper.statusCode).toBe(403);
    expect(await liveFactors(superAdmin.id)).toBe(1);
    expect((await reset(adminToken, '1e3')).statusCode).toBe(400);
    expect((await reset(adminToken, 2_147_483_000)).statusCode).toBe(404);
    expect(await liveFactors(target.id)).toBe(1);
  });
});

describe('POST /api/admin/users/:id/end-sessions', () => {
  it('spec-silent (accounts-and-sessions "Sessions"): a provider admin ends all of a user’s sessions, audited as the admin; anyone else is refused', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const qam = await createUser(stack.sql, { isQam: true });
    const user = await createUser(stack.sql);
    const one = await signIn(stack.app, user.email, user.password);
    const two = await signIn(stack.app, user.email, user.password);
    const endAll = (token: string) =>
      stack.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}/end-sessions`,
        headers: as(token),
      });

    const refused = await endAll((await signIn(stack.app, qam.email, qam.password)).accessToken);
    expect(refused.statusCode).toBe(403);
    expect((await refresh(stack.app, one)).statusCode).toBe(200);

    const ended = await endAll((await signIn(stack.app, admin.email, admin.password)).accessToken);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await refresh(stack.app, two)).statusCode).toBe(401);
    const { rows } = await stack.sql.query(
      `select changed_by_id from audit_log where table_name = 'account_security_events'
        and row_id = $1 and new_data->>'event' = 'SESSION_ENDED'`,
      [String(user.id)],
    );
    expect(rows).toEqual([{ changed_by_id: admin.id }]);
  });
});
