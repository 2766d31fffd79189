import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, blogEngine } from '../testing/blog.ts';

describe('plan cache', () => {
  let blog: Awaited<ReturnType<typeof blogEngine>>;
  beforeAll(async () => {
    blog = await blogEngine();
  });
  afterAll(() => blog?.close());

  const run = async (query: string, variables: Record<string, unknown>) =>
    JSON.parse(await blog.core.execute(admin, { query, variables }));

  it('checks the variables of a request that reuses a cached plan as compiling would', async () => {
    const query =
      'query ($id: Int!, $names: [String!]) { author(where: {id: {_eq: $id}, name: {_in: $names}}) { id } }';
    const fresh =
      'query ($id: Int!, $names: [String!]) { author(where: {name: {_in: $names}, id: {_eq: $id}}) { id } }';
    expect(await run(query, { id: 1, names: ['x', 'y'] })).toEqual({ data: { author: [] } });
    const { data } = await run('{ author(where: {id: {_eq: 1}}) { name } }', {});
    const name = data.author[0].name as string;
    expect(await run(query, { id: 1, names: [name] })).toEqual({ data: { author: [{ id: 1 }] } });
    // The same ill-typed values against a cached plan and a freshly compiled one: the same error.
    for (const variables of [{ id: 'x' }, { id: 1, names: [3] }, { id: null }]) {
      const cached = await run(query, variables);
      const compiled = await run(fresh, variables);
      expect(cached.errors?.[0]?.extensions?.code).toBe('validation-failed');
      expect(cached.errors[0].message).toBe(compiled.errors[0].message);
    }
    expect(await run(query, { id: 1, names: [name, 'other'] })).toEqual({ data: { author: [{ id: 1 }] } });
  });

  it('keeps an optional argument whose variable an earlier request omitted, and drops it when omitted again', async () => {
    const query =
      'query ($limit: Int, $offset: Int) { author(limit: $limit, offset: $offset, order_by: {id: asc}) { id } }';
    const all = (await run(query, {})).data.author as Array<{ id: number }>;
    expect(all.length).toBeGreaterThan(2);
    expect((await run(query, { limit: 1 })).data.author).toEqual(all.slice(0, 1));
    expect((await run(query, { limit: 2, offset: 1 })).data.author).toEqual(all.slice(1, 3));
    expect((await run(query, { offset: 1 })).data.author).toEqual(all.slice(1));
    expect((await run(query, {})).data.author).toEqual(all);
  });
});
