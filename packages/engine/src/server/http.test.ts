import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/create.ts';
import { BLOG_DIR, blogDatabase, startBlogServer } from '../testing/blog.ts';
import { corsPatterns } from './http.ts';
import { startFromEnv } from './main.ts';

let engine: Engine;
let base: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  ({ engine, base } = await startBlogServer(db.url, {
    HASURA_GRAPHQL_ENABLE_CONSOLE: 'true',
    ENGINE_MAX_DEPTH: '4',
    ENGINE_MAX_NODES: '20',
    ENGINE_MAX_BODY_BYTES: '2000',
    HASURA_GRAPHQL_CORS_DOMAIN: 'http://localhost:*',
  }));
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

const post = async (
  body: string,
  headers: Record<string, string> = { 'x-hasura-admin-secret': 's3cret' },
) => {
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, json: await res.json() };
};

describe('HTTP server (started from HASURA_GRAPHQL_* env like the local stack does)', () => {
  it('serves /healthz, /v1/version and the console', async () => {
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('OK');
    expect(((await (await fetch(`${base}/v1/version`)).json()) as { version: string }).version).toMatch(
      /^v2\./,
    );
    expect(await (await fetch(`${base}/console`)).text()).toContain('GraphiQL');
  });

  it('serves the console from its own dependencies: no external URL, every asset answering', async () => {
    const page = await fetch(`${base}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'; script-src 'self';/);
    const html = await page.text();
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(['/console/static/ruru.css', '/console/console.css', '/console/console.js']);
    const script = await (await fetch(`${base}/console/console.js`)).text();
    expect(script).not.toMatch(/https?:\/\//);
    // The script imports ruru and starts Monaco's three workers from the same folder.
    const files = ['ruru.js', 'ruru.css', 'editorWorker.js', 'graphqlWorker.js', 'jsonWorker.js'];
    for (const file of files) expect(script + html).toContain(file);
    for (const path of [...assets, ...files.map((file) => `/console/static/${file}`)]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/(javascript|css)/);
      expect((await answer.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
    }
    // ruru.js loads its chunks by relative path (they answer too); an unknown file is the 404.
    const ruru = await (await fetch(`${base}/console/static/ruru.js`)).text();
    expect(ruru).not.toContain('unpkg.com');
    expect((await fetch(`${base}/console/static/nothing.js`)).status).toBe(404);
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', async () => {
    expect(engine.address).toBe('127.0.0.1');
    const other = await startFromEnv(['--project', BLOG_DIR], {
      HASURA_GRAPHQL_DATABASE_URL: db.url,
      HASURA_GRAPHQL_SERVER_PORT: '0',
      HASURA_GRAPHQL_SERVER_HOST: '127.0.0.2',
    });
    try {
      expect(other.address).toBe('127.0.0.2');
    } finally {
      await other.close();
    }
  });

  it('echoes the origin for CORS only when HASURA_GRAPHQL_CORS_DOMAIN allows it', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/v1/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-headers': 'content-type,x-hasura-role' },
      });
    const res = await preflight('http://localhost:5173');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-hasura-role');
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    expect(corsPatterns(undefined)).toEqual([]);
    expect(corsPatterns('*')).toBeNull();
    const only = corsPatterns('http://localhost:*, https://*.example.com')!;
    expect(
      ['http://localhost:5173', 'https://app.example.com', 'https://evil.com'].map((o) =>
        only.some((re) => re.test(o)),
      ),
    ).toEqual([true, true, false]);
  });

  it('answers batches with an array of results', async () => {
    const { json } = await post(
      JSON.stringify([
        { query: '{ author_by_pk(id: 1) { name } }' },
        { query: '{ author_by_pk(id: 2) { name } }' },
      ]),
    );
    expect(json).toEqual([
      { data: { author_by_pk: { name: 'Ann' } } },
      { data: { author_by_pk: { name: 'Bob' } } },
    ]);
  });

  it('reports bad bodies with Hasura codes and HTTP 200', async () => {
    const bad = await post('{not json');
    expect(bad.status).toBe(200);
    expect((bad.json as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
      'invalid-json',
    );
    expect((await post('{"variables": {}}')).json).toEqual({
      errors: [
        { message: "the key 'query' was not present", extensions: { path: '$', code: 'parse-failed' } },
      ],
    });
    expect((await post('{"query": "{ author { "}')).json).toMatchObject({
      errors: [{ extensions: { code: 'validation-failed' } }],
    });
  });

  it('enforces the body size, depth and node limits (for every role but admin)', async () => {
    expect((await post(JSON.stringify({ query: `{ author { name } }${' '.repeat(3000)}` }))).status).toBe(
      413,
    );
    const asUser = { 'x-hasura-admin-secret': 's3cret', 'x-hasura-role': 'user', 'x-hasura-user-id': '1' };
    const deepQuery = '{ article { author { articles { author { articles { id } } } } } }';
    expect((await post(JSON.stringify({ query: deepQuery }))).json).toHaveProperty('data');
    const deep = await post(JSON.stringify({ query: deepQuery }), asUser);
    expect(deep.json).toMatchObject({
      errors: [
        { message: 'the query exceeds the maximum depth of 4', extensions: { code: 'validation-failed' } },
      ],
    });
    const wide = await post(
      JSON.stringify({
        query: `{ ${Array.from({ length: 21 }, (_, i) => `a${i}: author_by_pk(id: 1) { id }`).join(' ')} }`,
      }),
      asUser,
    );
    expect(wide.json).toMatchObject({
      errors: [
        {
          message: 'the query exceeds the maximum number of nodes (20)',
          extensions: { code: 'validation-failed' },
        },
      ],
    });
  });

  it('answers /v1alpha1/graphql with real HTTP status codes', async () => {
    const call = (headers: Record<string, string>, query: string) =>
      fetch(`${base}/v1alpha1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query }),
      });
    expect((await call({ 'x-hasura-admin-secret': 's3cret' }, '{ author_by_pk(id: 1) { id } }')).status).toBe(
      200,
    );
    expect((await call({ 'x-hasura-admin-secret': 'bad' }, '{ author_by_pk(id: 1) { id } }')).status).toBe(
      401,
    );
    expect((await call({ 'x-hasura-admin-secret': 's3cret' }, '{ nope }')).status).toBe(400);
  });

  it('requires the admin secret when one is configured', async () => {
    expect((await post('{"query": "{ author { id } }"}', {})).json).toEqual({
      errors: [
        {
          message: 'x-hasura-admin-secret/x-hasura-access-key required, but not found',
          extensions: { path: '$', code: 'access-denied' },
        },
      ],
    });
  });
});
