import type { AddressInfo } from 'node:net';
import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { ADMIN_CONSOLE_REFUSED_MESSAGE, EXPLAIN_ROLE_MESSAGE } from '@portal/domain';
import { createPractice, createUser, type TestUser } from '@portal/testkit/factories';
import { testEnv } from '@portal/testkit/test-app';
import { startTestStack, TEST_ADMIN_SECRET, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleFetch } from './console-request.ts';
import { explainQuery } from './explain-query.ts';
import { createGraphiQLFetcher, operationNameFor } from './graphiql-fetcher.ts';

/**
 * GraphiQL's fetcher and the Explain request as the browser runs them: over HTTP to the real
 * console endpoints, which forward to the real engine. Refusals come back as words GraphiQL and
 * the Explain view show.
 */
describe('the console’s GraphiQL fetcher and Explain request', () => {
  let stack: TestStack;
  let app: FastifyInstance;
  let admin: TestUser;
  let qam: TestUser;
  let base: string;

  const fetchAs = async (user: TestUser): Promise<ConsoleFetch> => {
    const token = await stack.tokenFor(user.email, user.password);
    return (url, init) =>
      fetch(url, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
      });
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    app = await buildApp(
      loadConfig(
        testEnv(stack.database.url, {
          HASURA_GRAPHQL_URL: stack.graphqlUrl,
          HASURA_GRAPHQL_ADMIN_SECRET: TEST_ADMIN_SECRET,
        }),
      ),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin-console`;
    admin = await createUser(stack.sql, { isAdmin: true });
    qam = await createUser(stack.sql, { isQam: true });
    await createPractice(stack.sql);
  });
  afterAll(async () => {
    await app?.close();
    await stack?.close();
  });

  it('introspects and queries as a provider admin, and shows a refusal as a GraphQL error', async () => {
    const fetcher = createGraphiQLFetcher(`${base}/graphql`, await fetchAs(admin));
    const schema = await fetcher({ query: getIntrospectionQuery(), operationName: 'IntrospectionQuery' });
    expect(JSON.stringify(schema.data)).toContain('"practices"');
    const rows = await fetcher({ query: '{ practices(limit: 1) { organisation_id } }', variables: {} });
    expect(rows.errors).toBeUndefined();
    expect((rows.data as { practices: unknown[] }).practices).toHaveLength(1);
    // Execute right after pasting: GraphiQL still names the operation the editor held before.
    const pasted = await fetcher({
      query: '{ practices(limit: 1) { organisation_id } }',
      operationName: 'Practices',
    });
    expect(pasted).toEqual(rows);
    // The operation's own name is sent as it is.
    const misnamed = await fetcher({ query: 'query A { __typename }', operationName: 'A' });
    expect(misnamed).toEqual({ data: { __typename: 'query_root' } });
    // A subscription is refused by the endpoint: GraphiQL gets the sentence, not a hang.
    const subscription = await fetcher({ query: 'subscription { practices { organisation_id } }' });
    expect(subscription.errors?.map((e) => e.message)).toEqual([
      'The admin console does not take subscriptions.',
    ]);
    const refused = createGraphiQLFetcher(`${base}/graphql`, await fetchAs(qam));
    expect((await refused({ query: '{ __typename }' })).errors?.[0]?.message).toBe(
      ADMIN_CONSOLE_REFUSED_MESSAGE,
    );
  });

  it('drops only a stale operation name: with several operations, or text it cannot parse, the name is sent', () => {
    expect(operationNameFor('{ a }', 'Practices')).toBeUndefined();
    expect(operationNameFor('query B { a }', 'Practices')).toBeUndefined();
    expect(operationNameFor('query B { a }', 'B')).toBe('B');
    expect(operationNameFor('query A { a } query B { a }', 'C')).toBe('C');
    expect(operationNameFor('query A { a', 'A')).toBe('A');
    expect(operationNameFor('{ a }', '')).toBeUndefined();
    expect(operationNameFor('{ a }', null)).toBeUndefined();
  });

  it('explains a query as role user, and says why it cannot', async () => {
    const fetch = await fetchAs(admin);
    const outcome = await explainQuery(fetch, `${base}/explain`, {
      query: '{ practices(limit: 1) { organisation_id } }',
      user: { 'x-hasura-role': 'user', 'x-hasura-user-id': String(admin.id) },
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.fields.map((f) => f.field)).toEqual(['practices']);
    expect(outcome.fields[0]!.plan!.join('\n')).toMatch(/Scan|Index/);
    expect(
      await explainQuery(fetch, `${base}/explain`, {
        query: '{ __typename }',
        user: { 'x-hasura-role': 'root' },
      }),
    ).toEqual({ ok: false, message: EXPLAIN_ROLE_MESSAGE });
    const mutation = await explainQuery(fetch, `${base}/explain`, {
      query: 'mutation { update_organisations(where: {}, _set: {phone: "1"}) { affected_rows } }',
      user: { 'x-hasura-role': 'admin' },
    });
    expect(mutation).toEqual({ ok: false, message: 'only queries can be explained' });
    // Planned, never run: no organisation took the phone number.
    const { rows } = await stack.sql.query("select count(*)::int as n from organisations where phone = '1'");
    expect(rows[0].n).toBe(0);
  });
});
