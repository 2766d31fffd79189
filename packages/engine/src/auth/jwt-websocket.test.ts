import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine, type Engine } from '../engine/create.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';

const KEY = 'websocket-reasons-secret-of-at-least-32-chars';
const b64 = (text: string) => Buffer.from(text).toString('base64url');
let engine: Engine;
let port: number;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  engine = await createEngine({
    projectDir: BLOG_DIR,
    databaseUrl: db.url,
    jwtSecret: { type: 'HS256', key: KEY },
    poolSize: 2,
  });
  port = await engine.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

/** What the Apollo protocol's connection_init answers for a token: the connection_error payload. */
function overWebSocket(token: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/graphql`, 'graphql-ws');
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          type: 'connection_init',
          payload: { headers: { Authorization: `Bearer ${token}` } },
        }),
      ),
    );
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; payload?: unknown };
      if (m.type === 'connection_error') resolve(m.payload);
      if (m.type === 'connection_ack') reject(new Error('the token was accepted'));
    });
    ws.on('error', reject);
  });
}

/** What POST /v1/graphql answers for the same token. */
async function overHttp(token: string): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ article { id } }' }),
  });
  return ((await res.json()) as { errors: Array<{ message: string }> }).errors[0]?.message;
}

describe('a malformed JWT gets the same reason over HTTP and in connection_init', () => {
  const claims = b64(JSON.stringify({ 'https://hasura.io/jwt/claims': {} }));
  const tokens: Array<[string, string, string]> = [
    [
      'two parts',
      `${b64('{"alg":"HS256"}')}.${claims}`,
      'Could not verify JWT: JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 2)',
    ],
    [
      'a bad part',
      `${b64('{"alg":"HS256"}')}.%%.x`,
      'Could not verify JWT: JWSError (JSONDecodeError "Not valid base64url")',
    ],
    [
      'no alg',
      `${b64('{}')}.${claims}.x`,
      'Could not verify JWT: JWSError (JSONDecodeError "missing required header \\"alg\\"")',
    ],
    ['alg none', `${b64('{"alg":"none"}')}.${claims}.`, 'Could not verify JWT: JWSError JWSNoSignatures'],
    [
      'a forged signature',
      `${b64('{"alg":"HS256"}')}.${claims}.AAAA`,
      'Could not verify JWT: JWSError JWSInvalidSignature',
    ],
  ];
  for (const [name, token, reason] of tokens)
    it(name, async () => {
      expect(await overHttp(token)).toBe(reason);
      expect(await overWebSocket(token)).toBe(reason);
    });
});
