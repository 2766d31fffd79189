import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin, as, blogEngine } from './blog.ts';

let env: Awaited<ReturnType<typeof blogEngine>>;
beforeAll(async () => {
  env = await blogEngine();
});
afterAll(async () => env?.close());

it('smoke', async () => {
  const q = async (s: typeof admin, query: string, variables?: object) =>
    JSON.parse(await env.core.execute(s, { query, variables }));
  console.log(
    JSON.stringify(
      await q(
        admin,
        '{ author(order_by:{id:asc}) { id name articles(order_by:{id:desc}, limit: 2) { id title author { name } } articles_aggregate { aggregate { count } } article_count greeting } }',
      ),
    ),
  );
  console.log(JSON.stringify(await q(as('user', { 'x-hasura-user-id': '1' }), '{ article { id title } }')));
  console.log(
    JSON.stringify(
      await q(
        admin,
        '{ article_aggregate { aggregate { count sum { author_id } avg { author_id } max { id } } nodes { id } } }',
      ),
    ),
  );
  console.log(
    JSON.stringify(
      await q(admin, 'query($id: Int!) { article_by_pk(id: $id) { id title meta } }', { id: 1 }),
    ),
  );
  console.log(
    JSON.stringify(
      await q(
        admin,
        'mutation { insert_author(objects:[{name:"Zed", articles: {data: [{title: "a"}, {title: "b"}]}}]) { affected_rows returning { id name articles { id author_id } } } }',
      ),
    ),
  );
  console.log(
    JSON.stringify(
      await q(
        as('user', { 'x-hasura-user-id': '1' }),
        'mutation { insert_article_one(object:{title:"t"}) { id author_id } }',
      ),
    ),
  );
  console.log(
    JSON.stringify(
      await q(
        admin,
        'mutation { update_article(where:{id:{_eq:1}}, _inc:{author_id:0}, _append:{meta:{b:1}}) { affected_rows returning { meta } } }',
      ),
    ),
  );
  console.log(JSON.stringify(await q(admin, 'mutation { delete_article_by_pk(id: 2) { id } }')));
  console.log(JSON.stringify(await q(admin, '{ __schema { queryType { name } } }')).slice(0, 200));
  expect(1).toBe(1);
});
