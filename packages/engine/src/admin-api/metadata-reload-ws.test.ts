import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine, type Engine } from '../engine/create.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';

let engine: Engine;
let port: number;
let project: string;
let db: Awaited<ReturnType<typeof blogDatabase>>;

beforeAll(async () => {
  db = await blogDatabase();
  project = mkdtempSync(path.join(os.tmpdir(), 'engine-reload-ws-'));
  cpSync(BLOG_DIR, project, { recursive: true });
  engine = await createEngine({
    projectDir: project,
    databaseUrl: db.url,
    adminSecret: 's3cret',
    refetchIntervalMs: 100,
    poolSize: 4,
  });
  port = await engine.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await engine?.close();
  await db?.drop();
  rmSync(project, { recursive: true, force: true });
});

/** A graphql-transport-ws client (the graphql-ws protocol) that records every message. */
async function subscribe(query: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/graphql`, 'graphql-transport-ws');
  const messages: Array<Record<string, unknown>> = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve) => ws.on('open', resolve));
  const next = async (type: string) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const i = messages.findIndex((m) => m.type === type);
      if (i >= 0) return messages.splice(i, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no ${type}; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  ws.send(
    JSON.stringify({
      type: 'connection_init',
      payload: { headers: { 'x-hasura-admin-secret': 's3cret', 'x-hasura-role': 'user' } },
    }),
  );
  await next('connection_ack');
  ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  return { ws, closed, next };
}

const reload = async () =>
  (
    await fetch(`http://127.0.0.1:${port}/v1/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 's3cret' },
      body: JSON.stringify({ type: 'reload_metadata', args: {} }),
    })
  ).json();

describe('live subscriptions and reload_metadata', () => {
  it('closes subscriptions with 1012 as Hasura does; resubscribed, they run on the new schema', async () => {
    const first = await subscribe('subscription { author(order_by: {id: asc}, limit: 1) { id rating } }');
    expect((await first.next('next')).payload).toEqual({ data: { author: [{ id: 1, rating: 5 }] } });

    // The user loses `rating` in the files, then the engine reloads.
    const file = path.join(project, 'metadata/databases/default/tables/public_author.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('[id, name, rating, genre]', '[id, name, genre]'));
    expect(await reload()).toEqual({ message: 'success', is_consistent: true });
    expect(await first.closed).toEqual({ code: 1012, reason: 'Server state changed, restarting the server' });

    // A client that reconnects gets the new permissions: the old query is refused, a new one runs.
    const again = await subscribe('subscription { author(order_by: {id: asc}, limit: 1) { id rating } }');
    expect((await again.next('error')).payload).toEqual([
      expect.objectContaining({ message: "field 'rating' not found in type: 'author'" }),
    ]);
    again.ws.close();
    const fresh = await subscribe('subscription { author(order_by: {id: asc}, limit: 1) { id name } }');
    expect((await fresh.next('next')).payload).toEqual({ data: { author: [{ id: 1, name: 'Ann' }] } });
    fresh.ws.close();
  });
});
