import {
  ADMIN_CONSOLE_NO_DELETE_MESSAGE,
  ADMIN_CONSOLE_REFUSED_MESSAGE,
  ADMIN_CONSOLE_SECRET_FIELDS,
  ADMIN_CONSOLE_SECRET_MESSAGE,
  EXPLAIN_ROLE_MESSAGE,
  PRODUCT_NAME,
  SESSION_VARIABLE_NAME_MESSAGE,
  SESSION_VARIABLE_VALUE_MESSAGE,
  SUPPORT_EMAIL,
} from '@portal/domain';
import { addPracticeRole, createPractice, createUser, type TestUser } from '@portal/testkit/factories';
import { testEnv } from '@portal/testkit/test-app';
import { startTestStack, TEST_ADMIN_SECRET, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';

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
  it('runs a provider admin’s query as the console’s role', async () => {
    const response = await post(admin, { query: PHONE_QUERY, variables: { id: practice.id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: { organisations_by_pk: { id: practice.id, name: practice.name, phone: '02 9000 0000' } },
    });
    // The provider admin's own reading of the audit log, and not a row more than theirs: the
    // certificates' and resources' rules (SQL predicates that know the roles) count the console
    // as a provider admin.
    const audit = await post(admin, { query: '{ audit_log(limit: 1) { id } }' });
    expect(audit.json().errors).toBeUndefined();
    await stack.sql.query(
      `insert into indicator_resources (name, url, kind, category, archived)
       values ('Console resource', 'https://example.org/r', 'RESOURCE', 'Guides', true)`,
    );
    const { rows } = await stack.sql.query<{ n: number }>(
      'select count(*)::int as n from indicator_resources',
    );
    const resources = await post(admin, { query: '{ indicator_resources { id } }' });
    expect(resources.json().data.indicator_resources).toHaveLength(rows[0]!.n);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('records a mutation in the audit log with the admin’s id and the console’s role', async () => {
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
        changed_by_role: 'provider_admin_console',
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

/** What a refused console request says: the endpoint's 400 sentence, or the engine's first error. */
async function refusal(who: TestUser, payload: { query: string; variables?: Record<string, unknown> }) {
  const response = await post(who, payload);
  const body = response.json();
  if (response.statusCode === 400) return body.message as string;
  expect(response.statusCode, payload.query).toBe(200);
  expect(body.data ?? null, `${payload.query} ${JSON.stringify(body)}`).toBeNull();
  return body.errors[0].message as string;
}

/** The console's GraphQL answer's data, failing on an error. */
async function data<T = Record<string, unknown>>(
  who: TestUser,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const body = (await post(who, { query, variables })).json();
  expect(body.errors, query).toBeUndefined();
  return body.data as T;
}

describe('the console’s role: the provider admin’s permissions, not Hasura’s admin (decisions/admin-console.md)', () => {
  let superAdmin: TestUser;
  let colleague: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    superAdmin = await createUser(stack.sql, { isSuperadmin: true, firstName: 'Sue', lastName: 'Super' });
    colleague = await createUser(stack.sql, { isAdmin: true, firstName: 'Colin', lastName: 'Colleague' });
    member = await createUser(stack.sql, { firstName: 'Mel', lastName: 'Member' });
  });

  /** The rows and columns the console must never change, the audit log, and their outbox. */
  async function protectedState(lastLogId: number) {
    const users = await stack.sql.query(
      `select id, email, password_hash, is_admin, is_superadmin, is_active, first_name from users
        where id = any($1) order by id`,
      [[superAdmin.id, colleague.id, member.id, admin.id]],
    );
    const log = await stack.sql.query(
      `select md5(string_agg(a::text, '|' order by id)) as history,
              (select count(*)::int from audit_log where id > $1) as added
         from audit_log a where id <= $1`,
      [lastLogId],
    );
    const mail = await stack.sql.query(
      `select count(*)::int as n from email_outbox where to_address = any($1) or to_address like 'taken-%'`,
      [[superAdmin.email, colleague.email, member.email, admin.email]],
    );
    return { users: users.rows, log: log.rows[0], mail: mail.rows[0] };
  }
  const lastLogId = async () =>
    (await stack.sql.query<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log')).rows[0]!
      .id;

  it('refuses every kind of write to the protected rows and columns, each in words, changing nothing', async () => {
    const logId = await lastLogId();
    const before = await protectedState(logId);
    const enumNotFound =
      /expected one of the values .* for type 'users_(update|select)_column', but found "?(password_hash|is_superadmin)/;
    const cases: Array<[string, { query: string; variables?: Record<string, unknown> }, RegExp | string]> = [
      // The audit log: the console's role has no write of any kind on it.
      [
        'insert into the audit log',
        {
          query: `mutation { insert_audit_log_one(object: {table_name: "users", operation: "UPDATE", row_id: "${superAdmin.id}"}) { id } }`,
        },
        /insert_audit_log_one' not found/,
      ],
      [
        'update the audit log',
        { query: 'mutation { update_audit_log(where: {}, _set: {changed_by_id: 1}) { affected_rows } }' },
        /update_audit_log' not found/,
      ],
      [
        'delete the audit log',
        { query: 'mutation { delete_audit_log(where: {}) { affected_rows } }' },
        ADMIN_CONSOLE_NO_DELETE_MESSAGE,
      ],
      [
        'delete a user',
        { query: `mutation { delete_users_by_pk(id: ${superAdmin.id}) { id } }` },
        ADMIN_CONSOLE_NO_DELETE_MESSAGE,
      ],
      // Enum arguments the endpoint's text check cannot see: the columns are not in the role's enums.
      [
        'upsert with update_columns [password_hash]',
        {
          query: `mutation { insert_users_one(object: {email: "${member.email}"},
            on_conflict: {constraint: users_email_key, update_columns: [password_hash]}) { id } }`,
        },
        enumNotFound,
      ],
      [
        'upsert with update_columns of a variable naming is_superadmin',
        {
          query: `mutation Up($cols: [users_update_column!]!) { insert_users_one(object: {email: "${member.email}"},
            on_conflict: {constraint: users_email_key, update_columns: $cols}) { id } }`,
          variables: { cols: ['is_superadmin'] },
        },
        enumNotFound,
      ],
      [
        'upsert with update_columns of a variable naming password_hash',
        {
          query: `mutation Up($cols: [users_update_column!]!) { insert_users_one(object: {email: "${member.email}"},
            on_conflict: {constraint: users_email_key, update_columns: $cols}) { id } }`,
          variables: { cols: ['password_hash'] },
        },
        enumNotFound,
      ],
      [
        'distinct_on [password_hash]',
        { query: '{ users(distinct_on: [password_hash]) { id } }' },
        enumNotFound,
      ],
      [
        'distinct_on a variable naming password_hash',
        {
          query: 'query D($on: [users_select_column!]) { users(distinct_on: $on) { id } }',
          variables: { on: ['password_hash'] },
        },
        enumNotFound,
      ],
      [
        'count(columns: [password_hash], distinct: true)',
        { query: '{ users_aggregate { aggregate { count(columns: [password_hash], distinct: true) } } }' },
        enumNotFound,
      ],
      [
        'count of a variable naming password_hash',
        {
          query:
            'query C($c: [users_select_column!]) { users_aggregate { aggregate { count(columns: $c, distinct: true) } } }',
          variables: { c: ['password_hash'] },
        },
        enumNotFound,
      ],
      // The super admin's row: a provider admin who is not one changes nothing of it.
      [
        "update the super admin's e-mail (taking over the super admin)",
        {
          query: `mutation { update_users_by_pk(pk_columns: {id: ${superAdmin.id}}, _set: {email: "taken-1@example.test"}) { id } }`,
        },
        'Only a super admin can change the e-mail address of an admin.',
      ],
      [
        "update the super admin's name",
        {
          query: `mutation { update_users_by_pk(pk_columns: {id: ${superAdmin.id}}, _set: {first_name: "X"}) { id } }`,
        },
        /check constraint of an insert\/update permission has failed/,
      ],
      [
        'deactivate the super admin among others',
        {
          query: `mutation { update_users(where: {id: {_in: [${superAdmin.id}, ${member.id}]}}, _set: {is_active: false}) { affected_rows } }`,
        },
        /check constraint of an insert\/update permission has failed/,
      ],
      [
        "upsert onto the super admin's row",
        {
          query: `mutation { insert_users_one(object: {email: "${superAdmin.email}", first_name: "X"},
            on_conflict: {constraint: users_email_key, update_columns: [first_name]}) { id } }`,
        },
        /check constraint of an insert\/update permission has failed/,
      ],
      // Another admin's e-mail and rights: a super admin's to change.
      [
        "update another admin's e-mail",
        {
          query: `mutation { update_users_by_pk(pk_columns: {id: ${colleague.id}}, _set: {email: "taken-2@example.test"}) { id } }`,
        },
        'Only a super admin can change the e-mail address of an admin.',
      ],
      [
        "take another admin's rights away (then change the address unguarded)",
        {
          query: `mutation { update_users_by_pk(pk_columns: {id: ${colleague.id}}, _set: {is_admin: false}) { id } }`,
        },
        "Only a super admin can take away an admin's rights.",
      ],
    ];
    for (const [name, payload, expected] of cases) {
      const message = await refusal(admin, payload);
      if (typeof expected === 'string') expect(message, name).toContain(expected);
      else expect(message, name).toMatch(expected);
    }
    expect(await protectedState(logId)).toEqual(before);
  });

  it("refuses the issue's takeover: no provider admin moves the super admin's e-mail, so no reset reaches them", async () => {
    const attacker = `taken-${Date.now()}@example.test`;
    expect(
      await refusal(admin, {
        query:
          'mutation Take($id: Int!, $email: citext!) { update_users_by_pk(pk_columns: {id: $id}, _set: {email: $email}) { id } }',
        variables: { id: superAdmin.id, email: attacker },
      }),
    ).toContain('Only a super admin can change the e-mail address of an admin.');
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: attacker } });
    expect(reset.statusCode).toBe(202);
    const { rows } = await stack.sql.query(
      'select (select email from users where id = $1) as email, (select count(*)::int from email_outbox where to_address = $2) as mail',
      [superAdmin.id, attacker],
    );
    expect(rows[0]).toEqual({ email: superAdmin.email, mail: 0 });
  });

  it("lets a super admin change an admin's e-mail, told to the old address by whom", async () => {
    const old = colleague.email;
    const moved = `colin-${Date.now()}@example.test`;
    const changed = await data<{ update_users_by_pk: { id: number; email: string } }>(
      superAdmin,
      'mutation Move($id: Int!, $email: citext!) { update_users_by_pk(pk_columns: {id: $id}, _set: {email: $email}) { id email } }',
      { id: colleague.id, email: moved },
    );
    expect(changed.update_users_by_pk).toEqual({ id: colleague.id, email: moved });
    const { rows } = await stack.sql.query<{
      subject: string;
      text_body: string;
      template: string;
      status: string;
    }>('select subject, text_body, template, status from email_outbox where to_address = $1', [old]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: `Your ${PRODUCT_NAME} e-mail address was changed`,
      template: 'admin-email-changed',
      status: 'PENDING',
    });
    expect(rows[0]!.text_body).toContain('Hello Colin,');
    expect(rows[0]!.text_body).toContain(
      `The e-mail address of your ${PRODUCT_NAME} account was changed from ${old} to ${moved} by Sue Super (${superAdmin.email}) on `,
    );
    expect(rows[0]!.text_body).toContain(SUPPORT_EMAIL);
    const audit = await stack.sql.query(
      `select changed_by_id, changed_by_role, old_data->>'email' as old, new_data->>'email' as new from audit_log
        where table_name = 'users' and row_id = $1 and operation = 'UPDATE'`,
      [String(colleague.id)],
    );
    expect(audit.rows).toEqual([
      { changed_by_id: superAdmin.id, changed_by_role: 'provider_admin_console', old, new: moved },
    ]);
    colleague = { ...colleague, email: moved };
    // A user who is no admin: the provider admin's to change, as before, and nobody is told.
    const memberMoved = `mel-${Date.now()}@example.test`;
    await data(
      admin,
      `mutation { update_users_by_pk(pk_columns: {id: ${member.id}}, _set: {email: "${memberMoved}"}) { id } }`,
    );
    const told = await stack.sql.query('select count(*)::int as n from email_outbox where to_address = $1', [
      member.email,
    ]);
    expect(told.rows[0]).toEqual({ n: 0 });
    member = { ...member, email: memberMoved };
  });

  it('has no secret in the console role’s schema, enum values and inputs included, and no write on the audit log', async () => {
    const answer = await post(admin, { query: getIntrospectionQuery() });
    const schema = answer.json().data.__schema as {
      mutationType: { name: string };
      types: Array<{
        name: string;
        fields: Array<{ name: string }> | null;
        inputFields: Array<{ name: string }> | null;
        enumValues: Array<{ name: string }> | null;
      }>;
    };
    const named = (t: (typeof schema.types)[number]) => [
      ...(t.fields ?? []).map((f) => f.name),
      ...(t.inputFields ?? []).map((f) => f.name),
      ...(t.enumValues ?? []).map((v) => v.name),
    ];
    // Reading the superadmin flag is the provider admin's (their select permission on users); no
    // input or column list that writes has it.
    const writes = (type: string) => /_(insert_input|set_input|update_column|inc_input)$/.test(type);
    const leaks = schema.types.flatMap((t) =>
      named(t)
        .filter((name) => ADMIN_CONSOLE_SECRET_FIELDS.has(name))
        .filter((name) => name !== 'is_superadmin' || writes(t.name))
        .map((name) => `${t.name}.${name}`),
    );
    expect(named(schema.types.find((t) => t.name === 'users_update_column')!)).not.toContain('is_superadmin');
    expect(leaks).toEqual([]);
    const mutations = schema.types
      .find((t) => t.name === schema.mutationType.name)!
      .fields!.map((f) => f.name);
    expect(mutations.filter((m) => m.includes('audit_log'))).toEqual([]);
    expect(
      mutations.filter((m) => /sessions|password_resets|login_attempts|webinar_connections/.test(m)),
    ).toEqual([]);
    expect(mutations).toEqual(
      expect.arrayContaining(['insert_public_holidays_one', 'update_public_holidays_by_pk']),
    );
  });

  it('keeps its one grant: the public holidays, added and corrected in the console, audited', async () => {
    const day = '2036-01-01';
    const added = await data<{ insert_public_holidays_one: { day: string; name: string } }>(
      admin,
      `mutation { insert_public_holidays_one(object: {day: "${day}", name: "New Year's Dya"}) { day name } }`,
    );
    expect(added.insert_public_holidays_one).toEqual({ day, name: "New Year's Dya" });
    await data(
      admin,
      `mutation { update_public_holidays_by_pk(pk_columns: {day: "${day}"}, _set: {name: "New Year's Day"}) { day } }`,
    );
    const { rows } = await stack.sql.query(
      `select operation, changed_by_id, changed_by_role, new_data->>'name' as name from audit_log
        where table_name = 'public_holidays' and row_id = $1 order by id`,
      [day],
    );
    expect(rows).toEqual([
      {
        operation: 'INSERT',
        changed_by_id: admin.id,
        changed_by_role: 'provider_admin_console',
        name: "New Year's Dya",
      },
      {
        operation: 'UPDATE',
        changed_by_id: admin.id,
        changed_by_role: 'provider_admin_console',
        name: "New Year's Day",
      },
    ]);
    // The portal's own provider admin role did not gain it: the grant is the console's.
    const direct = await stack.gql(
      { ...admin, role: 'provider_admin' },
      `mutation { update_public_holidays_by_pk(pk_columns: {day: "${day}"}, _set: {name: "X"}) { day } }`,
    );
    expect(direct.errors?.[0]?.extensions?.code).toBe('validation-failed');
  });

  it('leaves the audit log append-only even to Hasura’s admin', async () => {
    const logId = await lastLogId();
    const before = await protectedState(logId);
    for (const query of [
      'mutation { update_audit_log(where: {}, _set: {changed_by_id: 1}) { affected_rows } }',
      'mutation { delete_audit_log(where: {}) { affected_rows } }',
      'mutation { insert_audit_log_one(object: {table_name: "users", operation: "UPDATE"}) { id } }',
    ]) {
      const result = await stack.gql('admin', query);
      expect(result.data ?? null, query).toBeNull();
      expect(result.errors?.[0]?.message, query).toContain('The audit log is append-only');
    }
    expect(await protectedState(logId)).toEqual(before);
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
    // As the console's role (the default, not Hasura's admin), without the user's row filter.
    const asConsole = await post(admin, { query: { query: PRACTICES } }, EXPLAIN);
    expect(asConsole.statusCode).toBe(200);
    expect(asConsole.json()[0].sql).not.toBe(field!.sql);
    // The default is the console's role, not Hasura's admin: the certificates' row rule is in its
    // plan; Hasura's admin may still be planned for when asked by name (planned, never run).
    const certificates = { query: '{ certificates { id } }' };
    const byDefault = await post(admin, { query: certificates }, EXPLAIN);
    expect(byDefault.json()[0].sql).toContain('certificate_can_read');
    const asAdmin = await post(admin, { query: certificates, user: { 'x-hasura-role': 'admin' } }, EXPLAIN);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()[0].sql).not.toContain('certificate_can_read');
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
