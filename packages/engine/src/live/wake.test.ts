import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine, type Engine } from '../engine/create.ts';
import { ADMIN_HEADERS, BLOG_DIR, blogDatabase } from '../testing/blog.ts';
import { tablesNamed } from './poller.ts';

/**
 * A write committed through the engine wakes the live queries that read its table: with an
 * interval of a minute, only the wake can bring a change to a subscriber within seconds.
 */
let engine: Engine;
let url: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;
const polls = new Map<string, number>();

beforeAll(async () => {
  db = await blogDatabase();
  engine = await createEngine({
    projectDir: BLOG_DIR,
    databaseUrl: db.url,
    adminSecret: ADMIN_HEADERS['x-hasura-admin-secret'],
    refetchIntervalMs: 60_000,
    poolSize: 4,
  });
  // The multiplexed statements each poller sends, counted by the table of their root.
  engine.core.executor.onStatement = (text) => {
    if (!text.includes('_subs')) return;
    const root = /FROM "public"\."(\w+)"/.exec(text)?.[1] ?? '?';
    polls.set(root, (polls.get(root) ?? 0) + 1);
  };
  url = `ws://127.0.0.1:${await engine.listen(0, '127.0.0.1')}/v1/graphql`;
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
});

/** A subscription as the admin over graphql-transport-ws: each result it pushes, in order. */
async function subscribe(query: string, at = url) {
  const ws = new WebSocket(at, 'graphql-transport-ws');
  const results: unknown[] = [];
  let changed = () => {};
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { type: string; payload?: { data?: unknown } };
    if (message.type === 'connection_ack')
      ws.send(JSON.stringify({ type: 'subscribe', id: '1', payload: { query } }));
    if (message.type === 'next') results.push(message.payload?.data);
    changed();
  });
  await new Promise((resolve) => ws.on('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: { headers: ADMIN_HEADERS } }));
  /** Resolves once a result satisfies `test`; fails after `ms`. */
  const until = (test: (data: unknown) => boolean, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such result in ${ms} ms: ${JSON.stringify(results)}`)),
        ms,
      );
      changed = () => {
        if (results.some(test)) {
          clearTimeout(timer);
          resolve();
        }
      };
      changed();
    });
  return { results, until, close: () => ws.close() };
}

const mutate = (query: string) => engine.execute({ query }, { ...ADMIN_HEADERS });
const title = (data: unknown) => (data as { article: Array<{ title: string }> }).article[0]?.title;

describe("live queries woken by the engine's own writes", () => {
  it('names the tables of a statement as the compiler quotes them', () => {
    expect([...tablesNamed('SELECT 1 FROM "public"."article" JOIN "odd""schema"."a.b" ON true')]).toEqual([
      'public.article',
      'odd"schema.a.b',
    ]);
  });

  it('pushes a change made through the engine at once, not at the next tick a minute later', async () => {
    const articles = await subscribe('subscription { article(where: {id: {_eq: 1}}) { title } }');
    await articles.until((data) => title(data) === 'First x', 5_000);
    await mutate('mutation { update_article_by_pk(pk_columns: {id: 1}, _set: {title: "Woken"}) { id } }');
    await articles.until((data) => title(data) === 'Woken', 5_000);
    articles.close();
  });

  it("leaves the shapes that do not read the written table to their tick, and spaces a burst's refetches", async () => {
    const authors = await subscribe('subscription { author(order_by: {id: asc}, limit: 1) { name } }');
    const articles = await subscribe('subscription { article(where: {id: {_eq: 2}}) { title } }');
    await authors.until(() => true, 5_000);
    await articles.until(() => true, 5_000);
    const before = { author: polls.get('author') ?? 0, article: polls.get('article') ?? 0 };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mutate(`mutation { update_article_by_pk(pk_columns: {id: 2}, _set: {title: "Burst ${i}"}) { id } }`),
      ),
    );
    const last = (await mutate('{ article_by_pk(id: 2) { title } }')) as {
      data: { article_by_pk: { title: string } };
    };
    await articles.until((data) => title(data) === last.data.article_by_pk.title, 5_000);
    expect(polls.get('author') ?? 0).toBe(before.author);
    // Twenty writes at once, each a wake: a few refetches, spaced, not one each.
    const refetches = (polls.get('article') ?? 0) - before.article;
    expect(refetches).toBeGreaterThan(0);
    expect(refetches).toBeLessThan(20);
    authors.close();
    articles.close();
  });
});

describe('two replicas of the engine on one database', () => {
  it("brings a change written through one to a subscriber of the other within the spec's 2 s, on Hasura's 1 s interval", async () => {
    const second = await createEngine({
      projectDir: BLOG_DIR,
      databaseUrl: db.url,
      adminSecret: ADMIN_HEADERS['x-hasura-admin-secret'],
      refetchIntervalMs: 1000,
      poolSize: 2,
    });
    try {
      const there = await subscribe(
        'subscription { article(where: {id: {_eq: 3}}) { title } }',
        `ws://127.0.0.1:${await second.listen(0, '127.0.0.1')}/v1/graphql`,
      );
      await there.until((data) => title(data) !== undefined, 5_000);
      await mutate(
        'mutation { update_article_by_pk(pk_columns: {id: 3}, _set: {title: "From replica 1"}) { id } }',
      );
      // Measured from the write's answer: the other replica learns of it by its own tick only.
      await there.until((data) => title(data) === 'From replica 1', 2_000);
      there.close();
    } finally {
      await second.close();
    }
  });
});
