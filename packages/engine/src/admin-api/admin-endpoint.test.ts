import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/create.ts';
import { startFromEnv } from '../server/main.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';

let engine: Engine;
let base: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  engine = await startFromEnv(['--project', BLOG_DIR], {
    HASURA_GRAPHQL_DATABASE_URL: db.url,
    HASURA_GRAPHQL_ADMIN_SECRET: 's3cret',
    HASURA_GRAPHQL_SERVER_PORT: '0',
    ENGINE_MAX_BODY_BYTES: '2000',
  });
  base = `http://127.0.0.1:${engine.port}`;
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

const post = async (
  path: string,
  body: string,
  headers: Record<string, string> = { 'x-hasura-admin-secret': 's3cret' },
) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, json: await res.json() };
};

describe.each(['/v1/metadata', '/v2/query'])('the admin endpoint %s', (path) => {
  it('refuses a role other than admin (400, as Hasura), and a wrong or missing secret (401)', async () => {
    expect(
      await post(path, '{"type":"bulk","args":[]}', {
        'x-hasura-admin-secret': 's3cret',
        'x-hasura-role': 'user',
      }),
    ).toEqual({
      status: 400,
      json: { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' },
    });
    expect(await post(path, '{"type":"bulk","args":[]}', { 'x-hasura-admin-secret': 'wrong' })).toEqual({
      status: 401,
      json: { path: '$', error: 'invalid x-hasura-admin-secret/x-hasura-access-key', code: 'access-denied' },
    });
    expect(await post(path, '{"type":"bulk","args":[]}', {})).toEqual({
      status: 401,
      json: {
        path: '$',
        error: 'x-hasura-admin-secret/x-hasura-access-key required, but not found',
        code: 'access-denied',
      },
    });
  });

  it('names a type it does not answer, inside a bulk too', async () => {
    expect(await post(path, '{"type":"pg_track_table","args":{}}')).toEqual({
      status: 400,
      json: {
        path: '$',
        error: `the ${path} type "pg_track_table" is not supported by this engine (see SUPPORT.md)`,
        code: 'not-supported',
      },
    });
    expect((await post(path, '{"type":"bulk","args":[{"type":"nope"}]}')).json).toMatchObject({
      path: '$.args[0]',
      code: 'not-supported',
    });
    expect(await post(path, '{"type":"bulk","args":[]}')).toEqual({ status: 200, json: [] });
  });

  it('answers bad JSON, a body without a type and an oversized body in its own shape', async () => {
    expect(await post(path, '{')).toMatchObject({ status: 400, json: { path: '$', code: 'invalid-json' } });
    expect(await post(path, '[1]')).toMatchObject({ status: 400, json: { code: 'parse-failed' } });
    expect(await post(path, '{"args":{}}')).toMatchObject({ status: 400, json: { code: 'parse-failed' } });
    expect(await post(path, JSON.stringify({ type: 'bulk', args: [], pad: 'x'.repeat(3000) }))).toMatchObject(
      {
        status: 413,
        json: { code: 'bad-request' },
      },
    );
  });
});
