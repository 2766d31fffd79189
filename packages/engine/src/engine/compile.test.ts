import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HasuraError } from '../errors.ts';
import { admin, as, blogEngine } from '../testing/blog.ts';

let env: Awaited<ReturnType<typeof blogEngine>>;
/** Every statement the executor sent (text and bound values), in order. */
let sent: Array<{ sql: string; params: unknown[] }> = [];

beforeAll(async () => {
  env = await blogEngine({ poolSize: 2 });
  env.core.executor.onStatement = (sql, params) => sent.push({ sql, params });
});
afterAll(async () => env?.close());
beforeEach(() => {
  sent = [];
});

/** The prepared statements of every connection of the engine's pool. */
async function preparedOnPool(): Promise<string[]> {
  const pool = env.core.executor.pool;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const rows = await Promise.all(
      clients.map(async (c) => (await c.query('select statement from pg_prepared_statements')).rows),
    );
    return rows.flat().map((r) => r.statement as string);
  } finally {
    for (const c of clients) c.release();
  }
}

describe('EngineCore.compile', () => {
  it('gives each query root field the statement execute sends, with its values and name', async () => {
    const request = {
      query: `query ($id: Int!, $p: String!) {
        one: author_by_pk(id: $id) { name articles(order_by: {id: asc}) { title } }
        matching: article(where: {title: {_ilike: $p}}, order_by: {id: asc}) { id }
        __typename
      }`,
      variables: { id: 1, p: '%x' },
    };
    const compiled = env.core.compile(admin, request);
    expect(compiled.operation).toBe('query');
    expect(compiled.fields.map((f) => [f.field, f.kind, f.statements?.length])).toEqual([
      ['one', 'query', 1],
      ['matching', 'query', 1],
      ['__typename', 'static', 0],
    ]);
    const [one, matching] = compiled.fields.map((f) => f.statements?.[0]);
    expect(one!.params).toEqual(['1']);
    expect(one!.name).toMatch(/^e_/);
    expect(matching!.sql).toContain('ILIKE');
    expect(matching!.params).toEqual(['%x']);
    // A pattern filter is planned with its values: never a named prepared statement.
    expect(matching!.name).toBeUndefined();

    const body = JSON.parse(await env.core.execute(admin, request));
    expect(body.data.matching).toEqual([{ id: 1 }, { id: 3 }, { id: 5 }]);
    expect(sent.map((s) => s.sql).sort()).toEqual([one!.sql, matching!.sql].sort());
    for (const s of sent) expect(s.params).toEqual(s.sql === one!.sql ? one!.params : matching!.params);

    // Run directly with pg, the compiled statements answer what the engine answered.
    const client = new pg.Client({ connectionString: env.db.url });
    await client.connect();
    try {
      const rows = await Promise.all(
        [one!, matching!].map(
          async (s) => (await client.query({ text: s.sql, values: s.params })).rows[0].root,
        ),
      );
      expect(rows.map((r) => JSON.parse(r))).toEqual([body.data.one, body.data.matching]);
    } finally {
      await client.end();
    }
  });

  it('leaves statements with pattern filters unprepared on every connection, however often they run', async () => {
    const query = 'query ($p: String!) { article(where: {title: {_ilike: $p}}) { id } }';
    const byPk = 'query ($id: Int!) { article_by_pk(id: $id) { id } }';
    for (let i = 0; i < 8; i++) {
      await env.core.execute(admin, { query, variables: { p: `%${i}%` } });
      await env.core.execute(admin, { query: byPk, variables: { id: 1 } });
    }
    const prepared = await preparedOnPool();
    expect(prepared.some((s) => s.includes('"article"') && s.includes('ILIKE'))).toBe(false);
    expect(prepared).toContain(
      env.core.compile(admin, { query: byPk, variables: { id: 1 } }).fields[0]!.statements![0]!.sql,
    );
  });

  it('runs a mutation that is one statement with no check after the write without BEGIN/COMMIT', async () => {
    const request = {
      query:
        'mutation ($id: Int!, $t: String!) { update_article_by_pk(pk_columns: {id: $id}, _set: {title: $t}) { id title } }',
      variables: { id: 2, t: 'Renamed' },
    };
    const session = { ...admin, vars: { ...admin.vars, 'x-hasura-user-id': '7' } };
    const compiled = env.core.compile(session, request);
    expect(compiled.operation).toBe('mutation');
    expect(compiled.transaction).toEqual({ begin: [], commit: [] });
    const [update] = compiled.fields[0]!.statements!;
    expect(compiled.fields[0]!.statements).toHaveLength(1);
    expect(update!.sql).toMatch(/^WITH _m AS \(UPDATE "public"."article"/);
    expect(update!.params).toContain('Renamed');
    // The acting session reaches triggers as hasura.user, set inside the update itself.
    expect(update!.params).toContain(JSON.stringify(session.vars));

    const body = JSON.parse(await env.core.execute(session, request));
    expect(body).toEqual({ data: { update_article_by_pk: { id: 2, title: 'Renamed' } } });
    expect(sent).toEqual([{ sql: update!.sql, params: update!.params }]);
    const { rows: audit } = await env.core.executor.pool.query('select acting_user, role from audit');
    expect(audit).toEqual([{ acting_user: '7', role: 'admin' }]);
    // set_config(..., true) lasted only for the statement's own transaction.
    const pool = env.core.executor.pool;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      for (const c of clients)
        expect(
          (await c.query("select current_setting('hasura.user', true) as u")).rows[0].u || null,
        ).toBeNull();
    } finally {
      for (const c of clients) c.release();
    }
    await env.reseed();
  });

  it('lists a mutation transaction when a check must pass after the write: begin, the field statements, commit', async () => {
    const user = as('user', { 'x-hasura-user-id': '1' });
    const request = {
      query: 'mutation { update_article_by_pk(pk_columns: {id: 2}, _set: {title: "Mine"}) { id } }',
    };
    const compiled = env.core.compile(user, request);
    expect(compiled.transaction!.begin).toEqual([
      { sql: 'BEGIN ISOLATION LEVEL READ COMMITTED', params: [] },
    ]);
    expect(compiled.transaction!.commit).toEqual([{ sql: 'COMMIT', params: [] }]);
    expect(compiled.fields[0]!.statements).toHaveLength(1);
    expect(JSON.parse(await env.core.execute(user, request))).toEqual({
      data: { update_article_by_pk: { id: 2 } },
    });
    await env.reseed();
  });

  it('says when a mutation statement takes values from an earlier one, and when statements are not known', () => {
    const relOutput = env.core.compile(admin, {
      query:
        'mutation { update_author(where: {id: {_eq: 1}}, _set: {rating: 2}) { returning { articles { id } } } }',
    });
    const [write, output] = relOutput.fields[0]!.statements!;
    expect(write!.runtime).toBeUndefined();
    expect(output!.runtime).toEqual(['rows']);
    // An update sets hasura.user in its own statement.
    expect(relOutput.transaction!.begin).toHaveLength(1);

    const nested = env.core.compile(admin, {
      query: 'mutation { insert_author_one(object: {name: "Dee", articles: {data: [{title: "t"}]}}) { id } }',
    });
    expect(nested.fields[0]!.statements).toBeNull();
    expect(nested.transaction!.begin.map((s) => s.sql)).toEqual([
      'BEGIN ISOLATION LEVEL READ COMMITTED',
      "SELECT set_config('hasura.user', $1, true)",
    ]);
    expect(JSON.parse(nested.transaction!.begin[1]!.params[0]!)).toMatchObject({ 'x-hasura-role': 'admin' });
  });

  it('gives a subscription the multiplexed statement its poller sends', async () => {
    const compiled = env.core.compile(admin, {
      query: 'subscription ($id: Int!) { author_by_pk(id: $id) { name } }',
      variables: { id: 2 },
    });
    expect(compiled.operation).toBe('subscription');
    const live = compiled.live!;
    expect(live.sql).toContain('unnest($1::int[], $2::json[])');
    const client = new pg.Client({ connectionString: env.db.url });
    await client.connect();
    try {
      const { rows } = await client.query({ text: live.sql, values: live.params });
      expect(rows).toEqual([{ id: 1, result: '{"author_by_pk" : {"name":"Bob"}}' }]);
    } finally {
      await client.end();
    }
  });

  it('refuses what execute refuses, with the same error', () => {
    expect(() =>
      env.core.compile(as('anonymous'), {
        query: 'mutation { delete_article(where: {}) { affected_rows } }',
      }),
    ).toThrow(HasuraError);
    expect(() => env.core.compile(admin, { query: '{ nope }' })).toThrow(/field 'nope' not found/);
  });

  it('answers __type and __schema beside ordinary root fields, through aliases and fragments', async () => {
    const body = JSON.parse(
      await env.core.execute(admin, {
        query: `query ($id: Int!) {
          author_by_pk(id: $id) { name }
          author(limit: 1) { name }
          author_aggregate { aggregate { count } }
          t: __type(name: "author") { name }
          ...Meta
        }
        fragment Meta on query_root { __type(name: "author") { fields { name } } __schema { queryType { name } } }`,
        variables: { id: 1 },
      }),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.author_by_pk.name).toEqual(expect.any(String));
    expect(body.data.author).toHaveLength(1);
    expect(body.data.t).toEqual({ name: 'author' });
    expect(body.data.__type.fields.map((f: { name: string }) => f.name)).toContain('articles');
    expect(body.data.__schema).toEqual({ queryType: { name: 'query_root' } });
  });
});
