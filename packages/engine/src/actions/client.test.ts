import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/create.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';

let engine: Engine;
let handler: Server;
let db: Awaited<ReturnType<typeof blogDatabase>>;
const calls: Array<{ url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
let reply: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  handler = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', async () => {
      if (req.url === '/slow') await new Promise((r) => setTimeout(r, 1500));
      calls.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((r) => handler.listen(0, '127.0.0.1', r));
  db = await blogDatabase();
  const base = `http://127.0.0.1:${(handler.address() as AddressInfo).port}`;
  engine = await createEngine({
    projectDir: BLOG_DIR,
    databaseUrl: db.url,
    adminSecret: 's3cret',
    poolSize: 2,
    env: { ACTIONS_BASE_URL: base, ACTION_SECRET: 'shh' },
  });
});
afterAll(async () => {
  await engine?.close();
  handler?.close();
  await db?.drop();
});

const asUser = {
  'x-hasura-admin-secret': 's3cret',
  'x-hasura-role': 'user',
  'x-hasura-user-id': '1',
  authorization: 'Bearer abc',
  'x-custom': 'yes',
};
const place =
  'mutation ($qty: Int!) { placeOrder(input: {sku: "A1", qty: $qty}) { order_id status author { name } } }';

describe('actions (HASURA-DIALECT §7, §13 #38)', () => {
  it("maps a 4xx handler error with extensions verbatim and sends Hasura's payload", async () => {
    calls.length = 0;
    reply = {
      status: 400,
      body: JSON.stringify({ message: 'out of stock', extensions: { code: 'OOS', sku: 'A1' } }),
    };
    expect(await engine.execute({ query: place, variables: { qty: 2 } }, asUser)).toEqual({
      errors: [{ message: 'out of stock', extensions: { code: 'OOS', sku: 'A1' } }],
    });
    const call = calls[0]!;
    expect(call.url).toBe('/place-order');
    expect(call.body).toEqual({
      action: { name: 'placeOrder' },
      input: { input: { sku: 'A1', qty: 2 } },
      session_variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': '1' },
      request_query: place,
    });
    expect(Object.keys(call.headers).filter((h) => h.startsWith('x-hasura-'))).toEqual([]);
    expect(call.headers['x-action-secret']).toBe('shh');
    expect(call.headers['x-static']).toBe('1');
    expect(call.headers.authorization).toBe('Bearer abc');
    expect(call.headers['x-custom']).toBe('yes');
  });

  it('forwards no hop-by-hop header of the client (a chunked request, keep-alive, upgrade)', async () => {
    calls.length = 0;
    reply = { status: 200, body: JSON.stringify({ order_id: 1, status: 'OK' }) };
    const answer = await engine.execute(
      { query: 'mutation { placeOrder(input: {sku: "A1", qty: 1}) { order_id } }' },
      {
        ...asUser,
        'transfer-encoding': 'chunked',
        'keep-alive': 'timeout=5',
        upgrade: 'h2c',
        expect: '100-continue',
      },
    );
    expect(answer).toEqual({ data: { placeOrder: { order_id: 1 } } });
    const headers = calls[0]!.headers;
    expect(headers['keep-alive']).toBeUndefined();
    expect(headers.upgrade).toBeUndefined();
    expect(headers.expect).toBeUndefined();
    expect(headers['x-custom']).toBe('yes');
  });

  it('returns the output with a relationship to a table, under the role permissions', async () => {
    reply = { status: 200, body: JSON.stringify({ order_id: 7, status: 'ok', author_id: 2 }) };
    expect(await engine.execute({ query: place, variables: { qty: 1 } }, asUser)).toEqual({
      data: { placeOrder: { order_id: 7, status: 'ok', author: { name: 'Bob' } } },
    });
  });

  it('validates the handler response and maps other failures', async () => {
    reply = { status: 200, body: JSON.stringify({ order_id: 7 }) };
    expect(await engine.execute({ query: place, variables: { qty: 1 } }, asUser)).toEqual({
      errors: [
        {
          message: 'field "status" expected in webhook response, but not found',
          extensions: { path: '$', code: 'unexpected' },
        },
      ],
    });
    reply = { status: 400, body: JSON.stringify({ message: 'nope', code: 'E1' }) };
    expect(await engine.execute({ query: place, variables: { qty: 1 } }, asUser)).toEqual({
      errors: [{ message: 'nope', extensions: { path: '$', code: 'E1' } }],
    });
    reply = { status: 500, body: '{}' };
    expect(await engine.execute({ query: place, variables: { qty: 1 } }, asUser)).toEqual({
      errors: [{ message: 'internal error', extensions: { path: '$', code: 'unexpected' } }],
    });
    reply = { status: 200, body: 'not json' };
    expect(await engine.execute({ query: place, variables: { qty: 1 } }, asUser)).toEqual({
      errors: [
        { message: 'not a valid json response from webhook', extensions: { path: '$', code: 'unexpected' } },
      ],
    });
  });

  it('hides actions from roles without permission', async () => {
    expect(
      await engine.execute(
        { query: place, variables: { qty: 1 } },
        { 'x-hasura-admin-secret': 's3cret', 'x-hasura-role': 'analyst' },
      ),
    ).toEqual({
      errors: [{ message: 'no mutations exist', extensions: { path: '$', code: 'validation-failed' } }],
    });
  });

  it('gives up after the action timeout', async () => {
    // Admins also get `extensions.internal` with the request and the failure.
    expect(
      await engine.execute({ query: '{ slowQuote }' }, { 'x-hasura-admin-secret': 's3cret' }),
    ).toMatchObject({
      errors: [
        {
          message: 'http exception when calling webhook',
          extensions: {
            path: '$',
            code: 'unexpected',
            internal: { request: { url: expect.stringMatching(/\/slow$/) } },
          },
        },
      ],
    });
  });

  it('runs query actions', async () => {
    reply = { status: 200, body: JSON.stringify({ total: 12.5, author_id: 1 }) };
    expect(
      await engine.execute(
        { query: '{ authorQuote(author_id: 1) { total } }' },
        { 'x-hasura-admin-secret': 's3cret', 'x-hasura-role': 'anonymous' },
      ),
    ).toEqual({ data: { authorQuote: { total: 12.5 } } });
    expect(calls.at(-1)!.body.input).toEqual({ author_id: 1 });
  });
});
