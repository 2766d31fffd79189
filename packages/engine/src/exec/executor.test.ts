import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, as, blogEngine } from '../testing/blog.ts';

let env: Awaited<ReturnType<typeof blogEngine>>;
beforeAll(async () => {
  env = await blogEngine({ poolSize: 3 });
});
afterAll(async () => env?.close());

describe('executor', () => {
  it('never leaves a transaction or connection behind when requests fail', async () => {
    const failing = [
      'mutation { insert_author(objects: [{name: "Ann"}]) { affected_rows } }',
      'mutation { insert_article(objects: [{title: "t", author_id: 999}]) { affected_rows } }',
      'mutation { update_author(where: {}, _set: {rating: 99}) { affected_rows } }',
    ];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => env.core.execute(admin, { query: failing[i % 3]! })),
    );
    for (const r of results) expect(JSON.parse(r).errors).toHaveLength(1);
    const missingSession = await env.core.execute(as('user'), {
      query: 'mutation { delete_article(where: {}) { affected_rows } }',
    });
    expect(JSON.parse(missingSession).errors[0].extensions.code).toBe('not-found');
    const pool = env.core.executor.pool;
    expect(pool.waitingCount).toBe(0);
    expect(pool.idleCount).toBe(pool.totalCount);
    const client = new pg.Client({ connectionString: env.db.url });
    await client.connect();
    const { rows } = await client.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    await client.end();
    expect(rows[0].n).toBe(0);
    // And the data is untouched.
    expect(
      JSON.parse(
        await env.core.execute(admin, {
          query: '{ author_aggregate { aggregate { count max { rating } } } }',
        }),
      ),
    ).toEqual({
      data: { author_aggregate: { aggregate: { count: 3, max: { rating: 5 } } } },
    });
  });

  it('compiles a query once per role and shape (plan cache)', async () => {
    const query = 'query ($id: Int!) { article_by_pk(id: $id) { id } }';
    const a = env.core.plan(admin, { query, variables: { id: 1 } });
    const b = env.core.plan(admin, { query, variables: { id: 2 } });
    expect(b).toBe(a);
    const c = env.core.plan(as('user', { 'x-hasura-user-id': '1' }), { query, variables: { id: 1 } });
    expect(c).not.toBe(a);
    // A variable that shapes the SQL (an order_by object) keys the plan by its value.
    const ordered = 'query ($o: [article_order_by!]) { article(order_by: $o) { id } }';
    const asc = env.core.plan(admin, { query: ordered, variables: { o: [{ id: 'asc' }] } });
    expect(env.core.plan(admin, { query: ordered, variables: { o: [{ id: 'asc' }] } })).toBe(asc);
    expect(env.core.plan(admin, { query: ordered, variables: { o: [{ id: 'desc' }] } })).not.toBe(asc);
  });
});
