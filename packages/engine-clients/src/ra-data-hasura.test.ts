import type { TestDatabase } from '@portal/devdb/testing';
import { createEngine, type Engine } from '@portal/engine';
import { BLOG_DIR, blogDatabase } from '@portal/engine/testing';
import pg from 'pg';
import type { DataProvider } from 'ra-core';
import buildHasuraProvider from 'ra-data-hasura';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A real third-party Hasura admin client against the engine. ra-data-hasura (Hasura's own
 * react-admin data provider) introspects the schema with the admin secret, then builds every query
 * itself: `article_aggregate` for totals, `_eq`/`_in` filters, `order_by`, `insert_article`,
 * `update_article_by_pk`, `update_article`, `delete_article`. Each answer is compared with the
 * database read directly.
 */

const SECRET = 'clients-admin-secret';

type Article = { id: number; title: string; author_id: number; published: boolean };

let db: TestDatabase;
let engine: Engine;
let provider: DataProvider;
let sql: pg.Client;
let endpoint: string;

/** The article rows in the database, by id. */
async function rows(where = 'true', values: unknown[] = []): Promise<Article[]> {
  const r = await sql.query<Article>(
    `SELECT id, title, author_id, published FROM article WHERE ${where} ORDER BY id`,
    values,
  );
  return r.rows;
}

/** An author made for the test (factories, not seed ids). */
async function author(name: string): Promise<number> {
  const r = await sql.query<{ id: number }>('INSERT INTO author (name) VALUES ($1) RETURNING id', [name]);
  return r.rows[0]!.id;
}

async function article(title: string, authorId: number, published = false): Promise<number> {
  const r = await sql.query<{ id: number }>(
    'INSERT INTO article (title, author_id, published) VALUES ($1, $2, $3) RETURNING id',
    [title, authorId, published],
  );
  return r.rows[0]!.id;
}

const pick = (a: Record<string, unknown>): Article => ({
  id: a.id as number,
  title: a.title as string,
  author_id: a.author_id as number,
  published: a.published as boolean,
});

beforeAll(async () => {
  db = await blogDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  engine = await createEngine({
    projectDir: BLOG_DIR,
    databaseUrl: db.url,
    adminSecret: SECRET,
    poolSize: 2,
  });
  endpoint = `http://127.0.0.1:${await engine.listen(0, '127.0.0.1')}/v1/graphql`;
  provider = await buildHasuraProvider({
    clientOptions: {
      uri: endpoint,
      headers: { 'x-hasura-admin-secret': SECRET },
    },
  });
});

afterAll(async () => {
  await sql?.end();
  await engine?.close();
  await db?.drop();
});

describe('ra-data-hasura 0.6.1 against the engine with the admin secret', () => {
  it('lists with a filter, a sort, a page and the total', async () => {
    const a = await author('List author');
    for (const t of ['delta', 'alpha', 'echo', 'charlie', 'bravo'])
      await article(`list ${t}`, a, t !== 'echo');
    const page = await provider.getList('article', {
      filter: { author_id: a, published: true },
      sort: { field: 'title', order: 'DESC' },
      pagination: { page: 2, perPage: 2 },
    });
    const expected = (await rows('author_id = $1 AND published', [a])).sort((x, y) =>
      y.title.localeCompare(x.title),
    );
    expect(expected.map((r) => r.title)).toEqual(['list delta', 'list charlie', 'list bravo', 'list alpha']);
    expect(page.total).toBe(4);
    expect(page.data.map(pick)).toEqual(expected.slice(2, 4));
  });

  it('filters on several values (_in) and sorts ascending', async () => {
    const a = await author('In author');
    const ids = [await article('in 3', a), await article('in 1', a), await article('in 2', a)] as const;
    const list = await provider.getList('article', {
      filter: { id: [ids[0], ids[2]] },
      sort: { field: 'title', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(list.total).toBe(2);
    expect(list.data.map((r) => r.title)).toEqual(['in 2', 'in 3']);
  });

  it('reads one row, several rows and the rows that reference another', async () => {
    const a = await author('Reference author');
    const other = await author('Other author');
    const ids = [
      await article('ref one', a),
      await article('ref two', a, true),
      await article('not mine', other),
    ] as const;
    const one = await provider.getOne('article', { id: ids[1] });
    expect(pick(one.data)).toEqual((await rows('id = $1', [ids[1]]))[0]);
    const many = await provider.getMany('article', { ids: [ids[0], ids[2]] });
    expect(many.data.map(pick).sort((x, y) => x.id - y.id)).toEqual(
      await rows('id = ANY($1)', [[ids[0], ids[2]]]),
    );
    const refs = await provider.getManyReference('article', {
      target: 'author_id',
      id: a,
      filter: {},
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(refs.total).toBe(2);
    expect(refs.data.map(pick)).toEqual(await rows('author_id = $1', [a]));
    const owner = await provider.getOne('author', { id: a });
    expect(owner.data).toMatchObject({ id: a, name: 'Reference author' });
  });

  it('creates a row', async () => {
    const a = await author('Create author');
    const created = await provider.create('article', {
      data: { title: 'made by ra-data-hasura', author_id: a, published: true },
    });
    const stored = await rows('author_id = $1', [a]);
    expect(stored).toEqual([
      { id: created.data.id, title: 'made by ra-data-hasura', author_id: a, published: true },
    ]);
    expect(pick(created.data)).toEqual(stored[0]);
  });

  it('updates one row and several rows', async () => {
    const a = await author('Update author');
    const ids = [await article('u1', a), await article('u2', a), await article('u3', a)] as const;
    const updated = await provider.update('article', {
      id: ids[0],
      data: { id: ids[0], title: 'u1 renamed', author_id: a, published: true },
      previousData: { id: ids[0], title: 'u1', author_id: a, published: false },
    });
    expect(pick(updated.data)).toEqual({ id: ids[0], title: 'u1 renamed', author_id: a, published: true });
    const many = await provider.updateMany('article', { ids: [ids[1], ids[2]], data: { published: true } });
    expect([...many.data!].sort()).toEqual([ids[1], ids[2]].sort());
    expect(await rows('author_id = $1', [a])).toEqual([
      { id: ids[0], title: 'u1 renamed', author_id: a, published: true },
      { id: ids[1], title: 'u2', author_id: a, published: true },
      { id: ids[2], title: 'u3', author_id: a, published: true },
    ]);
  });

  it('deletes one row and several rows', async () => {
    const a = await author('Delete author');
    const ids = [
      await article('d1', a),
      await article('d2', a),
      await article('d3', a),
      await article('kept', a),
    ] as const;
    const deleted = await provider.delete('article', { id: ids[0], previousData: { id: ids[0] } });
    expect(deleted.data.id).toBe(ids[0]);
    const many = await provider.deleteMany('article', { ids: [ids[1], ids[2]] });
    expect([...many.data!].sort()).toEqual([ids[1], ids[2]].sort());
    expect((await rows('author_id = $1', [a])).map((r) => r.title)).toEqual(['kept']);
  });

  it("gets Hasura's error through the client for a refused write", async () => {
    const a = await author('Refused author');
    await expect(
      provider.create('article', { data: { title: 'no such author', author_id: a + 100_000 } }),
    ).rejects.toThrow(/Foreign key violation/);
    expect(await rows('title = $1', ['no such author'])).toEqual([]);
  });
});

describe('ra-data-hasura without the right admin secret', () => {
  it("cannot even introspect: the engine answers Hasura's access-denied", async () => {
    // The provider introspects at its first call.
    const wrong = await buildHasuraProvider({
      clientOptions: { uri: endpoint, headers: { 'x-hasura-admin-secret': 'wrong' } },
    });
    const before = await rows();
    await expect(wrong.deleteMany('article', { ids: before.map((r) => r.id) })).rejects.toThrow(
      'invalid x-hasura-admin-secret/x-hasura-access-key',
    );
    expect(await rows()).toEqual(before);
  });
});
