import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/create.ts';
import { blogDatabase, postJson, startBlogServer } from '../testing/blog.ts';

/**
 * Security review F3: the SQL runs with the simple query protocol inside run_sql's BEGIN, so a
 * `COMMIT;` of its own ends that transaction and what follows autocommits. Its own database:
 * these runs change the schema for good.
 */
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

const post = (path: string, body: unknown) => postJson(`${base}${path}`, body);
const runSql = (args: Record<string, unknown>) => post('/v2/query', { type: 'run_sql', args });

async function rows(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('run_sql when the SQL would end its transaction (F3)', () => {
  it('refuses transaction control in the SQL, read only or not, and runs none of it', async () => {
    for (const read_only of [true, false])
      for (const sql of [
        "COMMIT; UPDATE author SET name = 'Zed' WHERE id = 1",
        "END; UPDATE author SET name = 'Zed' WHERE id = 1",
        "ROLLBACK; BEGIN; UPDATE author SET name = 'Zed' WHERE id = 1; COMMIT",
        "UPDATE author SET name = 'Zed' WHERE id = 1; COMMIT; BEGIN READ WRITE; UPDATE author SET name = 'Zed' WHERE id = 1",
        'commit /* x */; ALTER TABLE article DROP COLUMN published CASCADE',
        'ABORT; ALTER TABLE article DROP COLUMN published CASCADE',
        "SELECT 'x'; start transaction; ALTER TABLE article DROP COLUMN published CASCADE",
      ]) {
        const res = await runSql({ sql, read_only });
        expect(res, sql).toMatchObject({ status: 400, json: { code: 'not-supported', path: '$' } });
        expect(String(res.json.error), sql).toMatch(
          /^run_sql runs the SQL in a transaction of its own: transaction control \("\w+( \w+)?"\) is not allowed; remove it$/,
        );
      }
    expect(await rows('SELECT name FROM author WHERE id = 1')).toEqual([{ name: 'Ann' }]);
    expect(
      await rows(
        "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'article' AND column_name = 'published'",
      ),
    ).toEqual([{ n: 1 }]);
    expect((await post('/v1/graphql', { query: '{ article(limit: 1) { published } }' })).json).toMatchObject({
      data: { article: [{ published: true }] },
    });
  });

  it('a COMMIT from inside a DO block cannot end it either: PostgreSQL refuses, nothing is written', async () => {
    const res = await runSql({
      sql: "DO $$ BEGIN UPDATE author SET name = 'Zed' WHERE id = 1; COMMIT; END $$",
    });
    expect(res).toMatchObject({ status: 400, json: { code: 'postgres-error' } });
    expect(JSON.stringify(res.json)).toMatch(/invalid transaction termination/);
    expect(await rows('SELECT name FROM author WHERE id = 1')).toEqual([{ name: 'Ann' }]);
  });

  it('still runs SQL that only mentions the words, and savepoints, in its own transaction', async () => {
    expect((await runSql({ sql: "SELECT 'commit; rollback' AS words" })).json).toEqual({
      result_type: 'TuplesOk',
      result: [['words'], ['commit; rollback']],
    });
    expect(
      (
        await runSql({
          sql: "SAVEPOINT a; UPDATE author SET name = 'Zed' WHERE id = 1; ROLLBACK TO a; SELECT name FROM author WHERE id = 1",
        })
      ).json,
    ).toEqual({ result_type: 'TuplesOk', result: [['name'], ['Ann']] });
    expect((await runSql({ sql: 'SELECT count(*) FROM author', read_only: true })).json).toEqual({
      result_type: 'TuplesOk',
      result: [['count'], ['3']],
    });
  });
});
