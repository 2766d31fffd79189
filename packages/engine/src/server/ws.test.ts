import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine, type Engine } from '../engine/create.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';

const KEY = 'websocket-test-shared-secret-of-32-chars!!';
let engine: Engine;
let url: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;
const statements: string[] = [];

beforeAll(async () => {
  db = await blogDatabase();
  engine = await createEngine({
    projectDir: BLOG_DIR,
    databaseUrl: db.url,
    adminSecret: 's3cret',
    jwtSecret: { type: 'HS256', key: KEY },
    refetchIntervalMs: 100,
    poolSize: 4,
  });
  engine.core.executor.onStatement = (text) => statements.push(text);
  url = `ws://127.0.0.1:${await engine.listen(0, '127.0.0.1')}/v1/graphql`;
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

/** A raw protocol client that records every message. */
function connect(protocol: string) {
  const ws = new WebSocket(url, protocol);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (d) => {
    messages.push(JSON.parse(d.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise((resolve) => ws.on('open', resolve));
  const next = async (pred: (m: Record<string, unknown>) => boolean, timeout = 3000) => {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = messages.find(pred);
      if (found) {
        messages.splice(messages.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  return { ws, messages, closed, opened, next, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const token = (expiresInSeconds: number) =>
  new SignJWT({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': ['user'],
      'x-hasura-default-role': 'user',
      'x-hasura-user-id': '1',
    },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(KEY));

async function sql(text: string) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(text);
  await client.end();
}

/** A graphql-transport-ws client acknowledged as admin. */
async function adminClient() {
  const c = connect('graphql-transport-ws');
  await c.opened;
  c.send({ type: 'connection_init', payload: { headers: { 'x-hasura-admin-secret': 's3cret' } } });
  await c.next((m) => m.type === 'connection_ack');
  return c;
}

/** The rows of the next batch a stream subscription `id` pushes to `c`. */
async function nextBatch(c: Awaited<ReturnType<typeof adminClient>>, id: string) {
  const message = await c.next((m) => m.type === 'next' && m.id === id, 2000);
  return (message.payload as { data: { article_stream: unknown } }).data.article_stream;
}

describe('subscriptions over graphql-transport-ws (HASURA-DIALECT §13 #39, #40)', () => {
  it('pushes the first result, then only changes, and stops on complete', async () => {
    const c = connect('graphql-transport-ws');
    await c.opened;
    c.send({ type: 'connection_init', payload: { headers: { 'x-hasura-admin-secret': 's3cret' } } });
    await c.next((m) => m.type === 'connection_ack');
    c.send({
      type: 'subscribe',
      id: '1',
      payload: { query: 'subscription { article(where: {id: {_eq: 1}}) { title } }' },
    });
    expect(await c.next((m) => m.type === 'next')).toEqual({
      type: 'next',
      id: '1',
      payload: { data: { article: [{ title: 'First x' }] } },
    });
    await sql("update article set title = 'changed elsewhere' where id = 2");
    await sleep(400);
    expect(c.messages.filter((m) => m.type === 'next')).toEqual([]);
    await sql("update article set title = 'renamed' where id = 1");
    expect(await c.next((m) => m.type === 'next', 1500)).toEqual({
      type: 'next',
      id: '1',
      payload: { data: { article: [{ title: 'renamed' }] } },
    });
    c.send({ type: 'complete', id: '1' });
    await sleep(150);
    await sql("update article set title = 'again' where id = 1");
    await sleep(400);
    expect(c.messages.filter((m) => m.type === 'next')).toEqual([]);
    c.ws.close();
  });

  it('multiplexes: many subscribers of one query shape cost one statement per tick', async () => {
    const c = connect('graphql-transport-ws');
    await c.opened;
    c.send({ type: 'connection_init', payload: { headers: { 'x-hasura-admin-secret': 's3cret' } } });
    await c.next((m) => m.type === 'connection_ack');
    const query = 'subscription ($id: Int!) { article_by_pk(id: $id) { id } }';
    for (let i = 0; i < 200; i++)
      c.send({ type: 'subscribe', id: `s${i}`, payload: { query, variables: { id: (i % 6) + 1 } } });
    for (let i = 0; i < 200; i++) await c.next((m) => m.type === 'next' && m.id === `s${i}`);
    expect(engine.live.shapes).toBe(1);
    statements.length = 0;
    await sleep(1050);
    const ticks = statements.filter((s) => s.includes('unnest($1::int[], $2::json[])'));
    // ~10 ticks at 100 ms: exactly one statement each, whatever the number of subscribers.
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(ticks.length).toBeLessThanOrEqual(11);
    expect(statements.length).toBe(ticks.length);
    c.ws.close();
  });

  it('streams rows after a cursor in batches, then new rows as they arrive', async () => {
    const c = await adminClient();
    const query =
      'subscription ($from: Int!) { article_stream(batch_size: 2, cursor: {initial_value: {id: $from}, ordering: ASC}) { id } }';
    c.send({ type: 'subscribe', id: 'st', payload: { query, variables: { from: 0 } } });
    const batch = () => nextBatch(c, 'st');
    expect(await batch()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await batch()).toEqual([{ id: 3 }, { id: 4 }]);
    expect(await batch()).toEqual([{ id: 5 }, { id: 6 }]);
    await sleep(300);
    expect(c.messages.filter((m) => m.id === 'st')).toEqual([]);
    await sql("insert into article (title, author_id) values ('streamed', 3)");
    expect(await batch()).toEqual([{ id: 7 }]);
    c.send({ type: 'complete', id: 'st' });
    c.ws.close();
  });

  it('sends a stream’s first batch once when ticks come while it is still being read', async () => {
    // The table locked: the first read waits, and so would any tick's; three ticks pass meanwhile.
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table article in access exclusive mode');
      const c = await adminClient();
      const query =
        'subscription { article_stream(batch_size: 2, cursor: {initial_value: {id: 0}, ordering: ASC}) { id } }';
      c.send({ type: 'subscribe', id: 'slow', payload: { query } });
      await sleep(350);
      await locker.query('commit');
      expect(await nextBatch(c, 'slow')).toEqual([{ id: 1 }, { id: 2 }]);
      expect(await nextBatch(c, 'slow')).toEqual([{ id: 3 }, { id: 4 }]);
      c.send({ type: 'complete', id: 'slow' });
      c.ws.close();
    } finally {
      await locker.end();
    }
  });

  it('closes the socket when the JWT expires', async () => {
    const c = connect('graphql-transport-ws');
    await c.opened;
    c.send({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${await token(4)}` } } });
    await c.next((m) => m.type === 'connection_ack');
    const started = Date.now();
    const closed = await c.closed;
    expect(Date.now() - started).toBeLessThan(6000);
    expect(closed.code).toBe(4403);
  }, 10_000);

  it('refuses an invalid token: 4403 on graphql-transport-ws, connection_error on the Apollo protocol', async () => {
    const modern = connect('graphql-transport-ws');
    await modern.opened;
    modern.send({
      type: 'connection_init',
      payload: { headers: { Authorization: `Bearer ${await token(-60)}` } },
    });
    expect((await modern.closed).code).toBe(4403);
    const legacy = connect('graphql-ws');
    await legacy.opened;
    legacy.send({
      type: 'connection_init',
      payload: { headers: { Authorization: `Bearer ${await token(-60)}` } },
    });
    expect(await legacy.next((m) => m.type === 'connection_error')).toEqual({
      type: 'connection_error',
      payload: 'Could not verify JWT: JWTExpired',
    });
  });

  it('speaks the Apollo protocol: start/data/stop, queries over the socket', async () => {
    const c = connect('graphql-ws');
    await c.opened;
    c.send({ type: 'connection_init', payload: { headers: { 'x-hasura-admin-secret': 's3cret' } } });
    await c.next((m) => m.type === 'connection_ack');
    c.send({ type: 'start', id: 'q', payload: { query: '{ author_by_pk(id: 3) { name } }' } });
    expect(await c.next((m) => m.type === 'data')).toEqual({
      type: 'data',
      id: 'q',
      payload: { data: { author_by_pk: { name: 'Cid' } } },
    });
    expect(await c.next((m) => m.type === 'complete')).toEqual({ type: 'complete', id: 'q' });
    c.ws.close();
  });
});
