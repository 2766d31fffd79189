import {
  ADMIN_CONSOLE_REFUSED_MESSAGE,
  ADMIN_CONSOLE_SECRET_MESSAGE,
  EXPLAIN_ROLE_MESSAGE,
  SESSION_VARIABLE_NAME_MESSAGE,
  SESSION_VARIABLE_VALUE_MESSAGE,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';
import { addPracticeRole, createPractice, createUser, type TestUser } from '../../test-support/factories.ts';
import { testEnv } from '../../test-support/test-app.ts';
import { startTestStack, TEST_ADMIN_SECRET, type TestStack } from '../../test-support/test-stack.ts';

let stack: TestStack;
let app: FastifyInstance;
let admin: TestUser;
let qam: TestUser;
let pm: TestUser;
let practice: { id: number; name: string };

const PHONE_QUERY = `query Org($id: Int!) { organisations_by_pk(id: $id) { id name phone } }`;

/** POSTs to the console endpoint as `user` (or with the raw authorization header given). */
async function post(
  who: TestUser | { authorization?: string },
  payload: unknown,
  url = '/api/admin-console/graphql',
) {
  const authorization =
    'email' in who ? `Bearer ${await stack.tokenFor(who.email, who.password)}` : who.authorization;
  return app.inject({
    method: 'POST',
    url,
    headers: authorization ? { authorization } : {},
    payload: payload as Record<string, unknown>,
  });
}

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  // The actions service as the stack runs it: the console forwards to this stack's engine.
  app = await buildApp(
    loadConfig(
      testEnv(stack.database.url, {
        HASURA_GRAPHQL_URL: stack.graphqlUrl,
        HASURA_GRAPHQL_ADMIN_SECRET: TEST_ADMIN_SECRET,
      }),
    ),
  );
  await app.ready();
  admin = await createUser(stack.sql, { isAdmin: true });
  qam = await createUser(stack.sql, { isQam: true });
  pm = await createUser(stack.sql);
  practice = await createPractice(stack.sql, { organisation: { phone: '02 9000 0000' } });
  await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
});
afterAll(async () => {
  await app?.close();
  await stack?.close();
});

describe('POST /api/admin-console/graphql', () => {
  it('runs a provider admin’s query as Hasura’s admin role', async () => {
    const response = await post(admin, { query: PHONE_QUERY, variables: { id: practice.id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: { organisations_by_pk: { id: practice.id, name: practice.name, phone: '02 9000 0000' } },
    });
    // The admin role sees what no other role's schema has: the audit log itself.
    const audit = await post(admin, { query: '{ audit_log(limit: 1) { id } }' });
    expect(audit.json().errors).toBeUndefined();
  });

  it('records a mutation in the audit log with the admin’s id and the role admin', async () => {
    const response = await post(admin, {
      query: `mutation Phone($id: Int!, $phone: String!) {
        update_organisations_by_pk(pk_columns: {id: $id}, _set: {phone: $phone}) { id phone } }`,
      variables: { id: practice.id, phone: '02 9111 2222' },
      operationName: 'Phone',
    });
    expect(response.json()).toEqual({
      data: { update_organisations_by_pk: { id: practice.id, phone: '02 9111 2222' } },
    });
    const { rows } = await stack.sql.query(
      `select operation, changed_by_id, changed_by_role, old_data->>'phone' as old_phone, new_data->>'phone' as new_phone
         from audit_log where table_name = 'organisations' and row_id = $1 and operation = 'UPDATE'`,
      [String(practice.id)],
    );
    expect(rows).toEqual([
      {
        operation: 'UPDATE',
        changed_by_id: admin.id,
        changed_by_role: 'admin',
        old_phone: '02 9000 0000',
        new_phone: '02 9111 2222',
      },
    ]);
  });

  it('refuses a QAM and a practice manager with the console’s message, changing nothing', async () => {
    for (const user of [qam, pm]) {
      const response = await post(user, {
        query: `mutation { update_organisations_by_pk(pk_columns: {id: ${practice.id}}, _set: {phone: "1"}) { id } }`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: ADMIN_CONSOLE_REFUSED_MESSAGE });
    }
    const { rows } = await stack.sql.query('select phone from organisations where id = $1', [practice.id]);
    expect(rows[0].phone).not.toBe('1');
  });

  it('refuses no token, a forged token and an expired one', async () => {
    expect((await post({}, { query: '{ __typename }' })).json()).toMatchObject({ code: 'not_signed_in' });
    const real = await stack.tokenFor(admin.email, admin.password);
    const [head, body] = real.split('.');
    const forged = `${head}.${body}.${Buffer.from('not the signature').toString('base64url')}`;
    const forgedAnswer = await post({ authorization: `Bearer ${forged}` }, { query: '{ __typename }' });
    expect(forgedAnswer.statusCode).toBe(401);
    expect(forgedAnswer.json()).toMatchObject({ code: 'token_not_valid' });
    // A token claiming admin rights, signed with another key.
    const otherKey = await buildApp(
      loadConfig(
        testEnv(stack.database.url, {
          HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({
            type: 'HS256',
            key: 'another-key-of-at-least-32-characters!!',
          }),
        }),
      ),
    );
    await otherKey.ready();
    const foreign = otherKey.signAccessToken({
      id: admin.id,
      isAdmin: true,
      isQam: false,
      sessionId: crypto.randomUUID(),
    }).accessToken;
    await otherKey.close();
    expect((await post({ authorization: `Bearer ${foreign}` }, { query: '{ __typename }' })).statusCode).toBe(
      401,
    );
    // Expired: signed with the right key, but its time is up.
    const claims = app.jwt.decode<Record<string, unknown>>(real)!;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = app.jwt.sign({ ...claims, iat: past - 60, exp: past });
    const expiredAnswer = await post({ authorization: `Bearer ${expired}` }, { query: '{ __typename }' });
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json()).toMatchObject({ code: 'token_not_valid' });
    // Signed out: the token's session has ended.
    const leaving = await createUser(stack.sql, { isAdmin: true });
    const token = await stack.tokenFor(leaving.email, leaving.password);
    await stack.sql.query('update sessions set revoked_at = now() where user_id = $1', [leaving.id]);
    expect((await post({ authorization: `Bearer ${token}` }, { query: '{ __typename }' })).statusCode).toBe(
      401,
    );
  });

  it('refuses an admin demoted after signing in, at once', async () => {
    const demoted = await createUser(stack.sql, { isAdmin: true });
    expect((await post(demoted, { query: '{ __typename }' })).statusCode).toBe(200);
    await stack.sql.query('update users set is_admin = false where id = $1', [demoted.id]);
    const response = await post(demoted, { query: '{ __typename }' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ADMIN_CONSOLE_REFUSED_MESSAGE);
  });

  it('refuses batches, subscriptions, several operations and oversized or too deep queries', async () => {
    const refused = async (payload: unknown) => {
      const response = await post(admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      return response.json().message as string;
    };
    expect(await refused([{ query: '{ __typename }' }, { query: '{ __typename }' }])).toMatch(
      /one GraphQL request/,
    );
    expect(await refused({ query: '{ __typename }', extensions: { persistedQuery: {} } })).toMatch(
      /one GraphQL request/,
    );
    expect(await refused({ query: 'subscription { organisations { id } }' })).toMatch(/subscriptions/);
    expect(await refused({ query: 'query A { __typename } query B { __typename }' })).toMatch(
      /exactly one operation/,
    );
    expect(await refused({ query: '{ organisations { ' })).toMatch(/GraphQL syntax/);
    const del = `mutation { delete_organisations_by_pk(id: ${practice.id}) { id } }`;
    expect(await refused({ query: del })).toMatch(/does not delete rows/);
    const hidden = `mutation { ...D } fragment D on mutation_root { delete_organisations(where: {}) { affected_rows } }`;
    expect(await refused({ query: hidden })).toMatch(/does not delete rows/);
    let deep = 'id';
    for (let i = 0; i < 7; i++) deep = `practice { organisation { ${deep} } }`;
    expect(await refused({ query: `{ organisations { ${deep} } }` })).toMatch(/deeper than 12/);
    const cycle =
      'query { organisations { ...A } } fragment A on organisations { practice { organisation { ...A } } }';
    expect(await refused({ query: cycle })).toMatch(/refers to itself/);
    const aliases = Array.from({ length: 101 }, (_, i) => `a${i}: __typename`).join(' ');
    expect(await refused({ query: `{ ${aliases} }` })).toMatch(/aliases/);
    const big = await post(admin, { query: `{ __typename } # ${'x'.repeat(70_000)}` });
    expect(big.statusCode).toBe(413);
  });

  it('refuses secrets anywhere in a request — no account can be taken over, nothing unaudited', async () => {
    const refused = async (payload: unknown) => {
      const response = await post(admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json().message).toBe(ADMIN_CONSOLE_SECRET_MESSAGE);
    };
    const hashBefore = (await stack.sql.query('select password_hash from users where id = $1', [pm.id]))
      .rows[0];
    // Reading a reset link from the outbox, a hash, a session or a one-time token.
    await refused({ query: '{ email_outbox(limit: 5) { subject text_body } }' });
    await refused({ query: '{ mail: email_outbox(limit: 5) { html: html_body } }' });
    await refused({ query: `{ users_by_pk(id: ${pm.id}) { password_hash } }` });
    await refused({ query: '{ sessions { id } }' });
    await refused({ query: '{ password_resets_aggregate { aggregate { count } } }' });
    await refused({ query: `{ users_by_pk(id: ${pm.id}) { sessions { id } } }` });
    // Filtering by a secret (a leak one character at a time) or through a fragment.
    await refused({ query: '{ users(where: {password_hash: {_like: "a%"}}) { id } }' });
    await refused({ query: '{ ...F } fragment F on query_root { invitations { token_hash } }' });
    // Writing a password hash or the superadmin flag, inline or through variables.
    await refused({
      query: `mutation { update_users_by_pk(pk_columns: {id: ${pm.id}}, _set: {is_superadmin: true}) { id } }`,
    });
    await refused({
      query:
        'mutation M($set: users_set_input) { update_users_by_pk(pk_columns: {id: 1}, _set: $set) { id } }',
      variables: { set: { password_hash: 'x' } },
    });
    await refused({ query: 'mutation { insert_sessions_one(object: {}) { id } }' });
    const { rows } = await stack.sql.query('select password_hash, is_superadmin from users where id = $1', [
      pm.id,
    ]);
    expect(rows[0]).toEqual({ ...hashBefore, is_superadmin: false });
    // The rest of a user's row stays editable, and an ordinary query still runs.
    const fine = await post(admin, { query: `{ users_by_pk(id: ${pm.id}) { id first_name is_active } }` });
    expect(fine.json().errors).toBeUndefined();
  });

  it('bounds introspection: the standard query passes, a multiplied or deeper one is refused', async () => {
    const standard = await post(admin, { query: getIntrospectionQuery() });
    expect(standard.statusCode).toBe(200);
    expect(standard.json().data.__schema.queryType.name).toBe('query_root');
    // What the console's GraphiQL (graphiql 5, @graphiql/react's schema store) sends: the standard
    // document as `IntrospectionQuery`, with the options it may be given, and its retry without
    // the subscription type.
    const graphiql = [
      getIntrospectionQuery({ inputValueDeprecation: false, schemaDescription: false }),
      getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true }),
      getIntrospectionQuery().replace('subscriptionType { name }', ''),
    ];
    for (const query of graphiql) {
      const answer = await post(admin, { query, operationName: 'IntrospectionQuery' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.__schema.types.some((t: { name: string }) => t.name === 'practices')).toBe(
        true,
      );
    }
    const many = Array.from({ length: 4 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(' ');
    const four = await post(admin, { query: `{ ${many} }` });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toMatch(/schema more than 3 times/);
    let nested = 'name';
    for (let i = 0; i < 8; i++) nested = `fields { type { ${nested} } }`;
    const deep = await post(admin, { query: `{ __schema { types { ${nested} } } }` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/deeper than 16/);
  });

  it('refuses an introspection nested deeper than the standard document and two levels of slack', async () => {
    // The standard document nests 14 selection sets (its TypeRef chain is nine ofType deep); twelve
    // ofType here nest 17.
    let typeRef = 'name';
    for (let i = 0; i < 12; i++) typeRef = `kind ofType { ${typeRef} }`;
    const query = `{ __schema { types { fields { args { type { ${typeRef} } } } } } }`;
    const answer = await post(admin, { query });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/deeper than 16/);
  });

  it('never answers with the admin secret, whatever the request', async () => {
    const answers = await Promise.all([
      post(admin, { query: '{ __typename }' }),
      post(admin, { query: '{ nonsense }' }),
      post(qam, { query: '{ __typename }' }),
      post({ authorization: 'Bearer x' }, { query: '{ __typename }' }),
    ]);
    for (const answer of answers) {
      expect(answer.body).not.toContain(TEST_ADMIN_SECRET);
      expect(JSON.stringify(answer.headers)).not.toContain(TEST_ADMIN_SECRET);
    }
  });

  it('answers 503 when the server was given no admin secret', async () => {
    const bare = await buildApp(
      loadConfig(testEnv(stack.database.url, { HASURA_GRAPHQL_URL: stack.graphqlUrl })),
    );
    await bare.ready();
    try {
      const response = await bare.inject({
        method: 'POST',
        url: '/api/admin-console/graphql',
        headers: { authorization: `Bearer ${await stack.tokenFor(admin.email, admin.password)}` },
        payload: { query: '{ __typename }' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('The admin console is not configured on this server.');
    } finally {
      await bare.close();
    }
  });
});

const EXPLAIN = '/api/admin-console/explain';
const PRACTICES = '{ practices(limit: 1) { organisation_id } }';

describe('POST /api/admin-console/explain', () => {
  it('gives a provider admin the SQL and plan of a query as another role and session', async () => {
    const response = await post(
      admin,
      { query: { query: PRACTICES }, user: { 'x-hasura-role': 'user', 'X-Hasura-User-Id': String(pm.id) } },
      EXPLAIN,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [field, ...rest] = response.json() as { field: string; sql: string; plan: string[] }[];
    expect(rest).toEqual([]);
    expect(field!.field).toBe('practices');
    expect(field!.sql).toMatch(/select/i);
    expect(field!.plan.some((line) => /Scan|Index/.test(line))).toBe(true);
    // As the admin (the default role), the same query is planned without the user's row filter.
    const asAdmin = await post(admin, { query: { query: PRACTICES } }, EXPLAIN);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()[0].sql).not.toBe(field!.sql);
  });

  it('refuses a QAM, a practice manager, no token, a forged token and a demoted admin', async () => {
    const payload = { query: { query: PRACTICES } };
    for (const user of [qam, pm]) {
      const response = await post(user, payload, EXPLAIN);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: ADMIN_CONSOLE_REFUSED_MESSAGE });
    }
    expect((await post({}, payload, EXPLAIN)).statusCode).toBe(401);
    const real = await stack.tokenFor(admin.email, admin.password);
    const [head, body] = real.split('.');
    const forged = `${head}.${body}.${Buffer.from('forged').toString('base64url')}`;
    expect((await post({ authorization: `Bearer ${forged}` }, payload, EXPLAIN)).statusCode).toBe(401);
    const demoted = await createUser(stack.sql, { isAdmin: true });
    expect((await post(demoted, payload, EXPLAIN)).statusCode).toBe(200);
    await stack.sql.query('update users set is_admin = false where id = $1', [demoted.id]);
    const refused = await post(demoted, payload, EXPLAIN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_CONSOLE_REFUSED_MESSAGE);
  });

  it('refuses a bad session, a secret, a second operation and an oversized body', async () => {
    const refused = async (payload: unknown) => {
      const response = await post(admin, payload, EXPLAIN);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      return response.json().message as string;
    };
    const query = { query: PRACTICES };
    expect(await refused({ query, user: { 'x-hasura-role': 'superuser' } })).toBe(EXPLAIN_ROLE_MESSAGE);
    expect(await refused({ query, user: { 'x-hasura-admin-secret': 'guess' } })).toBe(
      SESSION_VARIABLE_NAME_MESSAGE,
    );
    expect(await refused({ query, user: { authorization: 'Bearer x' } })).toBe(SESSION_VARIABLE_NAME_MESSAGE);
    expect(await refused({ query, user: { 'x-hasura-user-id': 'x'.repeat(201) } })).toBe(
      SESSION_VARIABLE_VALUE_MESSAGE,
    );
    expect(await refused({ query: PRACTICES })).toMatch(/one explain request/);
    expect(await refused({ query, extra: true })).toMatch(/one explain request/);
    expect(await refused({ query: { query: '{ users { password_hash } }' } })).toBe(
      ADMIN_CONSOLE_SECRET_MESSAGE,
    );
    expect(await refused({ query: { query: 'query A { __typename } query B { __typename }' } })).toMatch(
      /exactly one operation/,
    );
    expect(await refused({ query: { query: 'subscription { practices { organisation_id } }' } })).toMatch(
      /subscriptions/,
    );
    const big = await post(admin, { query: { query: `${PRACTICES} # ${'x'.repeat(70_000)}` } }, EXPLAIN);
    expect(big.statusCode).toBe(413);
  });

  it('never answers with the admin secret', async () => {
    const answers = await Promise.all([
      post(admin, { query: { query: PRACTICES } }, EXPLAIN),
      post(admin, { query: { query: '{ nonsense }' } }, EXPLAIN),
      post(
        admin,
        {
          query: {
            query: 'mutation { update_organisations(where: {}, _set: {phone: "1"}) { affected_rows } }',
          },
        },
        EXPLAIN,
      ),
      post(qam, { query: { query: PRACTICES } }, EXPLAIN),
    ]);
    for (const answer of answers) {
      expect(answer.body).not.toContain(TEST_ADMIN_SECRET);
      expect(JSON.stringify(answer.headers)).not.toContain(TEST_ADMIN_SECRET);
    }
    // The engine refuses to explain a mutation, in words: nothing runs.
    expect(answers[2]!.json().error).toMatch(/only queries/i);
  });
});
