import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { pingAction as pingWiring } from '@portal/testkit/ping-action';
import { refresh, signIn, TEST_ACTIONS_SECRET } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { codeAt } from '@portal/testkit/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The two-factor policy per role (docs/decisions/accounts-and-sessions.md, "A policy per role"):
// a person in a required role without a factor gets a session that can only set one up.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', actions: [pingWiring] });
});
afterAll(() => stack?.close());

const ENROL_FIRST = {
  code: 'two_factor_enrolment_required',
  message: 'Set up two-factor sign-in before you continue: your role requires it.',
};

async function setPolicy(
  policy: Partial<Record<'provider_admin' | 'qam' | 'surveyor' | 'practice_user', boolean>>,
) {
  for (const [role, required] of Object.entries(policy))
    await stack.sql.query(`update provider_settings set require_two_factor_${role} = $1`, [required]);
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function gql(token: string, query: string) {
  const response = await fetch(stack.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...as(token) },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> };
}

async function enrolWith(token: string) {
  const started = await stack.app.inject({
    method: 'POST',
    url: '/api/user/factors/totp',
    headers: as(token),
  });
  expect(started.statusCode).toBe(201);
  const confirmed = await stack.app.inject({
    method: 'POST',
    url: '/api/user/factors/totp/confirm',
    headers: as(token),
    payload: { code: codeAt(started.json().secret) },
  });
  expect(confirmed.statusCode).toBe(200);
}

describe('two-factor policy per role', () => {
  it('spec-silent (accounts-and-sessions "A policy per role"): a QAM without a factor gets a session that can only set one up, then a full one', async () => {
    await setPolicy({ qam: true });
    const qam = await createUser(stack.sql, { isQam: true });
    const session = await signIn(stack.app, qam.email, qam.password);
    expect(session.response.json().user.mustEnrolTwoFactor).toBe(true);
    const token = session.accessToken;

    const me = await stack.app.inject({ method: 'GET', url: '/api/user/current', headers: as(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: qam.id, mustEnrolTwoFactor: true });
    const factors = await stack.app.inject({ method: 'GET', url: '/api/user/factors', headers: as(token) });
    expect(factors.statusCode).toBe(200);

    await enrolWith(token);
    // The same token stays limited; the next refresh brings a full one.
    const refreshed = await refresh(stack.app, session);
    expect(refreshed.statusCode).toBe(200);
    const full = refreshed.json().accessToken as string;
    const meAfter = await stack.app.inject({ method: 'GET', url: '/api/user/current', headers: as(full) });
    expect(meAfter.json().mustEnrolTwoFactor).toBe(false);
    const users = await gql(full, `{ users_by_pk(id: ${qam.id}) { id } }`);
    expect(users.errors).toBeUndefined();
  });

  it('spec-silent (accounts-and-sessions "A policy per role"): attack: the limited session reads and writes nothing else', async () => {
    await setPolicy({ provider_admin: true });
    const admin = await createUser(stack.sql, { isAdmin: true });
    const { accessToken: token } = await signIn(stack.app, admin.email, admin.password);

    for (const [method, url] of [
      ['GET', `/api/user/${admin.id}/avatar`],
      ['GET', '/api/practices/csv'],
      ['GET', `/api/audit/user/${admin.id}`],
      ['POST', '/api/auth/change-password'],
    ] as const) {
      const response = await stack.app.inject({
        method,
        url,
        headers: as(token),
        payload: method === 'POST' ? {} : undefined,
      });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 403,
        body: ENROL_FIRST,
      });
    }
    // GraphQL: the session's only role has no table and no action.
    for (const query of [
      `{ users { id email } }`,
      `{ provider_settings { max_file_size_mb } }`,
      `mutation { update_users(where: {}, _set: {first_name: "x"}) { affected_rows } }`,
      `{ ping(message: "hi") { message } }`,
    ]) {
      const answer = await gql(token, query);
      expect(answer.data ?? null, query).toBeNull();
      expect(answer.errors?.length, query).toBeGreaterThan(0);
    }
    // The action route itself refuses the role, whatever the engine would pass on.
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const direct = await stack.app.inject({
      method: 'POST',
      url: '/api/actions/ping',
      headers: { 'x-actions-secret': TEST_ACTIONS_SECRET },
      payload: {
        action: { name: 'ping' },
        input: { message: 'hi' },
        session_variables: {
          'x-hasura-role': 'two_factor_enrolment',
          'x-hasura-user-id': String(admin.id),
          'x-hasura-session-id': sessionId,
        },
      },
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().extensions.code).toBe('two_factor_enrolment_required');
  });

  it('spec-silent (accounts-and-sessions "A policy per role"): a practice user is offered a factor by default, and required when the provider says so', async () => {
    await setPolicy({ provider_admin: true, qam: true, surveyor: true, practice_user: false });
    const manager = await createUser(stack.sql);
    const { id: practiceId } = await createPractice(stack.sql);
    await addPracticeRole(stack.sql, practiceId, manager.id, 'PM');
    const offered = await signIn(stack.app, manager.email, manager.password);
    expect(offered.response.json().user.mustEnrolTwoFactor).toBe(false);
    expect((await gql(offered.accessToken, '{ users { id } }')).errors).toBeUndefined();

    await setPolicy({ practice_user: true });
    const required = await signIn(stack.app, manager.email, manager.password);
    expect(required.response.json().user.mustEnrolTwoFactor).toBe(true);
    // A refresh of the earlier full session follows the policy too.
    const refreshed = await refresh(stack.app, offered);
    const me = await stack.app.inject({
      method: 'GET',
      url: '/api/practices/csv',
      headers: as(refreshed.json().accessToken),
    });
    expect(me.json()).toEqual(ENROL_FIRST);
  });
});
