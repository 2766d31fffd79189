import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/create.ts';
import { errorBody } from '../errors.ts';
import { blogDatabase, postJson, startBlogServer } from '../testing/blog.ts';
import { adminError } from './admin-endpoint.ts';

let engine: Engine;
let base: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  ({ engine, base } = await startBlogServer(db.url, { ENGINE_MAX_BODY_BYTES: '2000' }));
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

const post = (path: string, body: string, headers?: Record<string, string>) =>
  postJson(`${base}${path}`, body, headers);

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

describe('the admin API is for the admin secret only (review F5)', () => {
  const KEY = 'a-key-for-the-admin-endpoint-test-of-32-chars';
  let jwtEngine: Engine;
  let jwtBase: string;
  beforeAll(async () => {
    ({ engine: jwtEngine, base: jwtBase } = await startBlogServer(db.url, {
      HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: KEY }),
    }));
  });
  afterAll(async () => {
    await jwtEngine?.close();
  });

  it('refuses a JWT whose role is admin on /v1/metadata, /v2/query, /v1/query and explain; the secret still works', async () => {
    const token = await new SignJWT({
      'https://hasura.io/jwt/claims': {
        'x-hasura-allowed-roles': ['admin', 'user'],
        'x-hasura-default-role': 'admin',
      },
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(KEY));
    const send = async (path: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(`${jwtBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
    const refused = { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' };
    for (const headers of <Array<Record<string, string>>>[
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${token}`, 'x-hasura-role': 'admin' },
    ]) {
      expect(await send('/v1/metadata', { type: 'export_metadata', args: {} }, headers)).toEqual({
        status: 400,
        json: refused,
      });
      expect(await send('/v2/query', { type: 'run_sql', args: { sql: 'SELECT 1' } }, headers)).toEqual({
        status: 400,
        json: refused,
      });
      expect(await send('/v1/query', { type: 'run_sql', args: { sql: 'SELECT 1' } }, headers)).toEqual({
        status: 400,
        json: refused,
      });
      expect(
        await send('/v1/graphql/explain', { query: { query: '{ author { id } }' } }, headers),
      ).toMatchObject({ status: 400, json: { code: 'access-denied' } });
    }
    expect(
      (
        await send(
          '/v2/query',
          { type: 'run_sql', args: { sql: 'SELECT 1' } },
          { 'x-hasura-admin-secret': 's3cret' },
        )
      ).status,
    ).toBe(200);
  });

  it('will not start with HASURA_GRAPHQL_UNAUTHORIZED_ROLE=admin, and says why', async () => {
    await expect(startBlogServer(db.url, { HASURA_GRAPHQL_UNAUTHORIZED_ROLE: 'admin' })).rejects.toThrow(
      /HASURA_GRAPHQL_UNAUTHORIZED_ROLE must not be 'admin'/,
    );
  });
});

describe('bulk is bounded, and nothing unexpected leaks (review F6)', () => {
  let plain: Engine;
  let plainBase: string;
  beforeAll(async () => {
    ({ engine: plain, base: plainBase } = await startBlogServer(db.url));
  });
  afterAll(async () => {
    await plain?.close();
  });
  const send = async (path: string, body: string) => {
    const res = await fetch(`${plainBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 's3cret' },
      body,
    });
    return { status: res.status, text: await res.text() };
  };

  it.each(['/v1/metadata', '/v2/query', '/v1/query'])(
    '%s refuses a bulk inside a bulk, however deep, in words and without a trace',
    async (path) => {
      const deep = `${'{"type":"bulk","args":['.repeat(20000)}${']}'.repeat(20000)}`;
      for (const body of [deep, '{"type":"bulk","args":[{"type":"bulk","args":[]}]}']) {
        const answer = await send(path, body);
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text)).toMatchObject({
          code: 'not-supported',
          error: 'a bulk inside a bulk is not supported by this engine: put its commands in the outer bulk',
        });
      }
    },
  );

  it('refuses a bulk of more than 1,000 commands and runs none of them', async () => {
    const item = { type: 'run_sql', args: { sql: 'CREATE TABLE IF NOT EXISTS f6_bulk_ran (id int)' } };
    const answer = await send('/v2/query', JSON.stringify({ type: 'bulk', args: Array(1001).fill(item) }));
    expect({ status: answer.status, json: JSON.parse(answer.text) }).toEqual({
      status: 400,
      json: {
        path: '$.args',
        code: 'bad-request',
        error: 'a bulk may hold at most 1000 commands; this one has 1001: split it',
      },
    });
    const exists = await send(
      '/v2/query',
      JSON.stringify({
        type: 'run_sql',
        args: { sql: "SELECT to_regclass('f6_bulk_ran') IS NULL AS absent" },
      }),
    );
    expect(JSON.parse(exists.text).result).toEqual([['absent'], ['t']]);
    const atLimit = await send(
      '/v1/metadata',
      JSON.stringify({
        type: 'bulk',
        args: Array(1000).fill({ type: 'get_inconsistent_metadata', args: {} }),
      }),
    );
    expect(atLimit.status).toBe(200);
    expect(JSON.parse(atLimit.text)).toHaveLength(1000);
  });
});

describe('an unexpected error is logged, never answered with its trace (review F6)', () => {
  it('admin endpoints and GraphQL (even to the admin) answer "internal error" without internal', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'live')");
    const original = console.error;
    console.error = () => {};
    try {
      expect(adminError(error)).toEqual({
        status: 500,
        body: { path: '$', error: 'internal error', code: 'unexpected' },
      });
      expect(JSON.parse(errorBody(error, true))).toEqual({
        errors: [{ message: 'internal error', extensions: { path: '$', code: 'unexpected' } }],
      });
    } finally {
      console.error = original;
    }
  });
});
