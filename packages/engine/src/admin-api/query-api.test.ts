import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/create.ts';
import { ADMIN_HEADERS as ADMIN, blogDatabase, postJson, startBlogServer } from '../testing/blog.ts';

let engine: Engine;
let base: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  // Every pooled connection gets a 1 s statement_timeout: run_sql must lift it.
  ({ engine, base } = await startBlogServer(db.url, { ENGINE_TIME_LIMIT_SECONDS: '1' }));
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

const post = (path: string, body: unknown, headers?: Record<string, string>) =>
  postJson(`${base}${path}`, body, headers);

const runSql = (args: Record<string, unknown>, headers?: Record<string, string>, path = '/v2/query') =>
  post(path, { type: 'run_sql', args }, headers);

const graphql = async (query: string) =>
  (await post('/v1/graphql', { query })).json as { data?: unknown; errors?: Array<{ message: string }> };

async function rows(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('run_sql on POST /v2/query', () => {
  it('answers TuplesOk: a header row, then every value as text (NULL as null)', async () => {
    expect(
      await runSql({
        sql: 'SELECT id, name, rating, rating > 4 AS good, 1.50::numeric AS n, \'{"a":1}\'::jsonb AS j, NULL::text AS none FROM author WHERE id < 3 ORDER BY id',
      }),
    ).toEqual({
      status: 200,
      json: {
        result_type: 'TuplesOk',
        result: [
          ['id', 'name', 'rating', 'good', 'n', 'j', 'none'],
          ['1', 'Ann', '5', 't', '1.50', '{"a": 1}', null],
          ['2', 'Bob', null, null, '1.50', '{"a": 1}', null],
        ],
      },
    });
    // Same-named columns stay apart; no rows still has its header.
    expect((await runSql({ sql: 'SELECT 1 AS x, 2 AS x' })).json.result).toEqual([
      ['x', 'x'],
      ['1', '2'],
    ]);
    expect((await runSql({ sql: 'SELECT id FROM author WHERE false' })).json).toEqual({
      result_type: 'TuplesOk',
      result: [['id']],
    });
  });

  it('answers CommandOk for a statement without rows, and sets hasura.user to the admin like Hasura', async () => {
    expect(await runSql({ sql: "UPDATE article SET title = title || '' WHERE id = 1" })).toEqual({
      status: 200,
      json: { result_type: 'CommandOk', result: null },
    });
    expect(await rows('SELECT role FROM audit ORDER BY id DESC LIMIT 1')).toEqual([{ role: 'admin' }]);
  });

  it('runs several statements in one transaction and answers the last one; one failure undoes them all', async () => {
    expect(
      (
        await runSql({
          sql: "INSERT INTO genre VALUES ('poetry', 'Verse'); INSERT INTO genre VALUES ('drama', NULL); SELECT value FROM genre WHERE value IN ('poetry', 'drama') ORDER BY value",
        })
      ).json,
    ).toEqual({ result_type: 'TuplesOk', result: [['value'], ['drama'], ['poetry']] });
    const failed = await runSql({ sql: "INSERT INTO genre VALUES ('essay', NULL); SELECT 1/0" });
    expect(failed).toEqual({
      status: 400,
      json: {
        path: '$',
        error: 'query execution failed',
        code: 'postgres-error',
        internal: {
          statement: "INSERT INTO genre VALUES ('essay', NULL); SELECT 1/0",
          prepared: false,
          error: {
            exec_status: 'FatalError',
            hint: null,
            message: 'division by zero',
            status_code: '22012',
            description: null,
          },
          arguments: [],
        },
      },
    });
    expect(await rows("SELECT value FROM genre WHERE value = 'essay'")).toEqual([]);
  });

  it('answers a Postgres error as postgres-error (400) with its details, hint and description', async () => {
    const res = await runSql({ sql: "INSERT INTO genre VALUES ('fiction', NULL)" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      path: '$',
      code: 'postgres-error',
      internal: {
        error: {
          status_code: '23505',
          message: 'duplicate key value violates unique constraint "genre_pkey"',
          description: 'Key (value)=(fiction) already exists.',
        },
      },
    });
  });

  it('has no time limit, like Hasura (the engine limits GraphQL statements to 1 s here)', async () => {
    expect((await runSql({ sql: 'SELECT pg_sleep(1.3)::text AS slept' })).json).toEqual({
      result_type: 'TuplesOk',
      result: [['slept'], ['']],
    });
  });

  it('leaves nothing of its session to the pool: each run gets a fresh connection', async () => {
    const pids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await runSql({ sql: "SET application_name = 'run_sql'; SELECT pg_backend_pid()::text" });
      pids.add((res.json.result as string[][])[1]![0]!);
    }
    expect(pids.size).toBe(5);
  });

  it('read_only runs in a READ ONLY transaction: a write is refused and changes nothing', async () => {
    const res = await runSql({ sql: "UPDATE author SET name = 'Zed' WHERE id = 1", read_only: true });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'postgres-error',
      internal: {
        error: { status_code: '25006', message: 'cannot execute UPDATE in a read-only transaction' },
      },
    });
    expect(await rows('SELECT name FROM author WHERE id = 1')).toEqual([{ name: 'Ann' }]);
    expect((await runSql({ sql: 'SELECT count(*) FROM author', read_only: true })).json).toEqual({
      result_type: 'TuplesOk',
      result: [['count'], ['3']],
    });
  });

  it('reloads the catalogue after DDL: the admin then queries a new column; check_metadata_consistency: false does not', async () => {
    expect((await graphql('{ author_by_pk(id: 1) { nickname } }')).errors?.[0]?.message).toMatch(
      /field 'nickname' not found/,
    );
    expect(await runSql({ sql: 'ALTER TABLE author ADD COLUMN nickname text' })).toEqual({
      status: 200,
      json: { result_type: 'CommandOk', result: null },
    });
    await runSql({ sql: "UPDATE author SET nickname = 'Annie' WHERE id = 1" });
    expect(await graphql('{ author_by_pk(id: 1) { nickname } }')).toEqual({
      data: { author_by_pk: { nickname: 'Annie' } },
    });
    // Told not to check, the engine keeps serving the catalogue it had.
    await runSql({
      sql: 'ALTER TABLE author ADD COLUMN shoe_size integer',
      check_metadata_consistency: false,
    });
    expect((await graphql('{ author_by_pk(id: 1) { shoe_size } }')).errors?.[0]?.message).toMatch(
      /field 'shoe_size' not found/,
    );
    // A statement without Hasura's DDL keywords (CREATE TABLE) is not checked either, unless asked.
    await runSql({ sql: 'CREATE TABLE scratch (id int)', check_metadata_consistency: true });
    expect(await graphql('{ author_by_pk(id: 1) { shoe_size } }')).toEqual({
      data: { author_by_pk: { shoe_size: null } },
    });
    await runSql({
      sql: 'ALTER TABLE author DROP COLUMN nickname; ALTER TABLE author DROP COLUMN shoe_size; DROP TABLE scratch',
    });
    expect((await graphql('{ author_by_pk(id: 1) { nickname } }')).errors?.[0]?.message).toMatch(
      /field 'nickname' not found/,
    );
  });

  it('rolls back DDL that breaks the metadata and lists what it breaks (with cascade too: the files are the truth)', async () => {
    for (const cascade of [false, true]) {
      const res = await runSql({ sql: 'ALTER TABLE article DROP COLUMN published CASCADE', cascade });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ path: '$', code: 'unexpected' });
      expect(String(res.json.error)).toMatch(/^cannot continue due to new inconsistent metadata/);
      expect(res.json.internal).toContainEqual({
        name: 'table public.article.select_permissions.user.permission.columns',
        reason: "Inconsistent object: no such column 'published'",
        file: 'metadata/databases/default/tables/public_article.yaml',
      });
      expect(
        await rows(
          "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'article' AND column_name = 'published'",
        ),
      ).toEqual([{ n: 1 }]);
    }
    // The view that depended on the column is still there, and the engine still serves it.
    expect(await graphql('{ published_article_aggregate { aggregate { count } } }')).toEqual({
      data: { published_article_aggregate: { aggregate: { count: 3 } } },
    });
  });

  it('refuses bad args, an unknown source, and everyone but the admin (nothing runs)', async () => {
    expect(await runSql({})).toMatchObject({ status: 400, json: { path: '$.args', code: 'parse-failed' } });
    expect(await runSql({ sql: 1 })).toMatchObject({
      status: 400,
      json: { path: '$.args.sql', code: 'parse-failed' },
    });
    expect(await runSql({ sql: 'SELECT 1', read_only: 'yes' })).toMatchObject({
      status: 400,
      json: { path: '$.args.read_only', code: 'parse-failed' },
    });
    expect(await runSql({ sql: 'SELECT 1', source: 'other' })).toEqual({
      status: 400,
      json: { path: '$', error: 'source with name "other" does not exist', code: 'not-exists' },
    });
    expect(await runSql({ sql: 'SELECT 1\u0000; DROP TABLE audit' })).toMatchObject({
      status: 400,
      json: { path: '$.args.sql', code: 'parse-failed' },
    });
    const write = { sql: "INSERT INTO genre VALUES ('intruder', NULL)" };
    expect(
      (await runSql(write, { 'x-hasura-admin-secret': 's3cret', 'x-hasura-role': 'user' })).json,
    ).toMatchObject({
      code: 'access-denied',
    });
    expect((await runSql(write, { 'x-hasura-admin-secret': 'wrong' })).status).toBe(401);
    expect((await runSql(write, {})).json).toMatchObject({ code: 'access-denied' });
    expect(await rows("SELECT * FROM genre WHERE value = 'intruder'")).toEqual([]);
  });

  it('bulk runs its items in order, each committed on its own: a failing item leaves the earlier ones done', async () => {
    const res = await post('/v2/query', {
      type: 'bulk',
      args: [
        { type: 'run_sql', args: { sql: "INSERT INTO genre VALUES ('satire', NULL)" } },
        { type: 'run_sql', args: { sql: 'SELECT * FROM no_such_table' } },
        { type: 'run_sql', args: { sql: "INSERT INTO genre VALUES ('never', NULL)" } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      path: '$[1]',
      code: 'postgres-error',
      error: 'query execution failed',
    });
    expect(await rows("SELECT value FROM genre WHERE value IN ('satire', 'never')")).toEqual([
      { value: 'satire' },
    ]);
    expect(
      (
        await post('/v2/query', {
          type: 'bulk',
          args: [
            { type: 'run_sql', args: { sql: 'SELECT 1 AS one' } },
            { type: 'run_sql', args: { sql: "DELETE FROM genre WHERE value = 'satire'" } },
          ],
        })
      ).json,
    ).toEqual([
      { result_type: 'TuplesOk', result: [['one'], ['1']] },
      { result_type: 'CommandOk', result: null },
    ]);
  });
});

describe('POST /v1/query', () => {
  it('answers run_sql (and a bulk of it) as /v2/query does', async () => {
    expect(await runSql({ sql: 'SELECT 2 AS two' }, ADMIN, '/v1/query')).toEqual({
      status: 200,
      json: { result_type: 'TuplesOk', result: [['two'], ['2']] },
    });
    expect(
      (await post('/v1/query', { type: 'bulk', args: [{ type: 'run_sql', args: { sql: 'SELECT 1/0' } }] }))
        .json,
    ).toMatchObject({ path: '$.args[0].args', code: 'postgres-error' });
  });

  it('refuses every other type naming the newer endpoints, and is for the admin only', async () => {
    expect(await post('/v1/query', { type: 'track_table', args: { name: 'audit' } })).toEqual({
      status: 400,
      json: {
        path: '$',
        error:
          'the /v1/query type "track_table" is not supported by this engine: /v1/query is Hasura\'s deprecated schema/metadata API; use /v1/metadata for metadata types and /v2/query for run_sql (see SUPPORT.md)',
        code: 'not-supported',
      },
    });
    expect(
      (await post('/v1/query', { type: 'bulk', args: [{ type: 'export_metadata', args: {} }] })).json,
    ).toMatchObject({ path: '$.args[0]', code: 'not-supported' });
    expect((await runSql({ sql: 'SELECT 1' }, { 'x-hasura-admin-secret': 'nope' }, '/v1/query')).status).toBe(
      401,
    );
  });
});
