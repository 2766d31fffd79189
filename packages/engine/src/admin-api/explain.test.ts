import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/create.ts';
import { ADMIN_HEADERS, blogDatabase, postJson, startBlogServer } from '../testing/blog.ts';
import { inlineParams } from './explain.ts';

let engine: Engine;
let base: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  ({ engine, base } = await startBlogServer(db.url));
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

const ADMIN = ADMIN_HEADERS;

/** A field's explanation, a subscription's, or an error: the test reads whichever it expects. */
type ExplainJson = Array<{ field: string; sql: string; plan: string[] }> & {
  sql: string;
  plan: string[];
  variables: unknown;
  code: string;
};

const explain = (body: unknown, headers: Record<string, string> = ADMIN) =>
  postJson<ExplainJson>(`${base}/v1/graphql/explain`, body, headers);

describe('POST /v1/graphql/explain', () => {
  it('gives the admin, per root field, the SQL and PostgreSQL plan lines (null for __typename)', async () => {
    const { status, json } = await explain({
      query: { query: '{ author(order_by: {id: asc}) { id name } __typename }' },
    });
    expect(status).toBe(200);
    expect(json).toHaveLength(2);
    expect(json[0]!.field).toBe('author');
    expect(json[0]!.sql).toContain('FROM "public"."author"');
    expect(json[0]!.sql).not.toContain('$1');
    expect(json[0]!.plan.length).toBeGreaterThan(0);
    expect(json[0]!.plan.join('\n')).toMatch(/Scan on author/);
    expect(json[1]!).toEqual({ field: '__typename', sql: null, plan: null });
  });

  it('explains as the role in `user`: its permission filter and session values are in the SQL and the plan', async () => {
    const asUser = await explain({
      query: { query: '{ article { id title } }' },
      user: { 'x-hasura-role': 'user', 'X-Hasura-User-Id': '2' },
    });
    const asAdmin = await explain({ query: { query: '{ article { id title } }' } });
    expect(asUser.status).toBe(200);
    const field = asUser.json[0]!;
    expect(field.field).toBe('article');
    // The role's filter (published, or the author is the session's user) and its row limit of 2.
    expect(field.sql).toMatch(/"published"/);
    expect(field.sql).toMatch(/"author_id"/);
    expect(field.sql).toContain("'2'");
    expect(field.sql).toMatch(/LIMIT/i);
    expect(field.plan.join('\n')).toMatch(/Filter: .*published.*author_id = 2/s);
    expect(asAdmin.json[0]!.sql).not.toMatch(/"published"/);
    expect(asAdmin.json[0]!.plan.join('\n')).not.toMatch(/published/);
  });

  it('binds the request variables: the plan is made for their values', async () => {
    const { status, json } = await explain({
      query: {
        query: 'query One($id: Int!) { author_by_pk(id: $id) { name } }',
        variables: { id: 3 },
        operationName: 'One',
      },
    });
    expect(status).toBe(200);
    expect(json[0]!.field).toBe('author_by_pk');
    expect(json[0]!.sql).toContain("'3'");
    expect(json[0]!.plan.join('\n')).toMatch(/id = 3\b/);
  });

  it('keeps a hostile session value a value: quoted in the SQL shown, bound when explained, nothing runs', async () => {
    const evil = "2'); DROP TABLE author; --\\";
    const { status, json } = await explain({
      query: { query: '{ article { id } }' },
      user: { 'x-hasura-role': 'user', 'x-hasura-user-id': evil },
    });
    // The value is not an integer: PostgreSQL refuses to plan it, as the query itself would fail.
    expect(status).toBe(400);
    expect(json.code).toBe('data-exception');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*)::int AS n FROM author')).rows).toEqual([{ n: 3 }]);
    } finally {
      await client.end();
    }
    const text = await explain({
      query: { query: '{ author(where: {name: {_eq: "x"}}) { id } }' },
      user: { 'x-hasura-role': 'admin' },
    });
    expect(text.status).toBe(200);
    expect(
      inlineParams(
        'SELECT $1, "$1", \'$1\', $10',
        ["a'b\\", null, null, null, null, null, null, null, null, 'z'],
        pg.escapeLiteral,
      ),
    ).toBe(` SELECT  E'a''b\\\\', "$1", '$1', 'z'`.slice(1));
  });

  it('explains a subscription as the one multiplexed statement its poller sends, with the cohort values', async () => {
    const { status, json } = await explain({
      query: {
        query: 'subscription ($id: Int!) { article(where: {author_id: {_eq: $id}}) { id } }',
        variables: { id: 1 },
      },
      user: { 'x-hasura-role': 'user', 'x-hasura-user-id': '1' },
    });
    expect(status).toBe(200);
    expect(json.sql).toMatch(/unnest\('\{1\}'::int\[\]/);
    expect(json.plan.length).toBeGreaterThan(0);
    expect(json.variables).toEqual({ session: { 'x-hasura-user-id': '1' }, query: { id: 1 }, cursor: {} });
  });

  it('explains a streaming subscription with its starting cursor', async () => {
    const { status, json } = await explain({
      query: {
        query:
          'subscription ($from: Int!) { article_stream(batch_size: 2, cursor: {initial_value: {id: $from}}) { id } }',
        variables: { from: 4 },
      },
    });
    expect(status).toBe(200);
    expect(json.plan.join('\n')).toMatch(/article/);
    expect(json.variables).toMatchObject({ session: {}, cursor: { value: 4 } });
  });

  it("refuses mutations and action fields with Hasura's messages", async () => {
    expect(
      await explain({ query: { query: 'mutation { delete_article(where: {}) { affected_rows } }' } }),
    ).toEqual({
      status: 400,
      json: { path: '$', error: 'only queries can be explained', code: 'invalid-params' },
    });
    expect(await explain({ query: { query: '{ slowQuote }' } })).toEqual({
      status: 400,
      json: { path: '$', error: 'query actions cannot be explained', code: 'invalid-params' },
    });
  });

  it("answers bad bodies and invalid queries in the admin endpoints' shape", async () => {
    expect(await explain({ user: {} })).toMatchObject({
      status: 400,
      json: { code: 'parse-failed', path: '$' },
    });
    expect(await explain({ query: {} })).toMatchObject({
      status: 400,
      json: { code: 'parse-failed', path: '$.query' },
    });
    expect(
      await explain({ query: { query: '{ article { id } }' }, user: { 'x-hasura-user-id': 2 } }),
    ).toMatchObject({ status: 400, json: { code: 'parse-failed', path: '$.user.x-hasura-user-id' } });
    expect(await explain('{')).toMatchObject({ status: 400, json: { code: 'invalid-json' } });
    expect(await explain({ query: { query: '{ article { id } }' }, is_relay: true })).toMatchObject({
      status: 400,
      json: { code: 'not-supported', path: '$.is_relay' },
    });
    // The role cannot see the column: the same validation error a query would get.
    expect(
      await explain({ query: { query: '{ article { id } }' }, user: { 'x-hasura-role': 'nobody' } }),
    ).toMatchObject({ status: 400, json: { code: 'validation-failed' } });
  });

  it('is for the admin only: no secret, a wrong secret or another role is refused', async () => {
    const body = { query: { query: '{ author { id } }' } };
    expect((await explain(body, {})).json).toMatchObject({ code: 'access-denied' });
    expect(await explain(body, { 'x-hasura-admin-secret': 'wrong' })).toEqual({
      status: 401,
      json: { path: '$', error: 'invalid x-hasura-admin-secret/x-hasura-access-key', code: 'access-denied' },
    });
    // Hasura's onlyAdmin answers the authenticated non-admin with a 400.
    expect(
      await explain(body, {
        'x-hasura-admin-secret': 's3cret',
        'x-hasura-role': 'user',
        'x-hasura-user-id': '1',
      }),
    ).toEqual({
      status: 400,
      json: { path: '$', error: 'You have to be an admin to access this endpoint', code: 'access-denied' },
    });
  });
});
