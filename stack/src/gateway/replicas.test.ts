import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type Gateway, startGateway } from './gateway.ts';
import type { Upstream } from './upstream-pool.ts';

/**
 * A replica: answers every request with its name, `/health` with 200 while healthy, and can be
 * made to hang (accepts connections, answers nothing) or to reset a request mid-way.
 */
async function startReplica(name: string) {
  const state = { hang: false, resetNext: false, keepAlive: false, dieOnNext: false, served: 0 };
  const server = http.createServer((req, res) => {
    if (state.hang) return;
    if (state.dieOnNext && req.url !== '/health') {
      // Killed after reading (and, for all the client knows, committing) the request: no answer,
      // and no new connection accepted.
      state.served++;
      req.resume();
      req.on('end', () => {
        server.close();
        server.closeAllConnections();
      });
      return;
    }
    if (req.url === '/health') {
      res.end('ok');
      return;
    }
    if (state.resetNext) {
      state.resetNext = false;
      req.socket.destroy();
      return;
    }
    state.served++;
    req.resume();
    // A connection per request: a reset then always meets a new connection, never a reused one
    // (which the gateway takes for a stale keep-alive and sends again to the same replica).
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'text/plain', ...(state.keepAlive ? {} : { connection: 'close' }) })
        .end(name),
    );
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', () => socket.send(name)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const upstream: Upstream = { name, host: '127.0.0.1', port: (server.address() as AddressInfo).port };
  return {
    upstream,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Replica = Awaited<ReturnType<typeof startReplica>>;

let gateway: Gateway | undefined;
let replicas: Replica[] = [];
afterEach(async () => {
  await gateway?.close();
  await Promise.all(replicas.map((r) => r.close().catch(() => {})));
  gateway = undefined;
  replicas = [];
});

/** A gateway whose /api/ has two replicas, checked at /health. */
async function twoReplicas() {
  replicas = [await startReplica('actions-1'), await startReplica('actions-2')];
  gateway = await startGateway({
    host: '127.0.0.1',
    port: 0,
    graphql: { kind: 'missing', reason: 'not here' },
    api: { kind: 'proxy', upstream: replicas.map((r) => r.upstream), healthPath: '/health' },
    web: { kind: 'missing', reason: 'not here' },
    health: async () => ({ ok: true, services: [] }),
  });
  return `http://127.0.0.1:${gateway.port}`;
}

async function answers(base: string, count: number, method = 'POST'): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/thing`, { method, body: method === 'GET' ? undefined : '{}' });
    names.push(response.status === 200 ? await response.text() : `status ${response.status}`);
  }
  return names;
}

describe('the gateway with replicas (STACK_REPLICAS, ENGINE_URL and ACTIONS_URL lists)', () => {
  it('balances requests over the replicas in turn', async () => {
    const base = await twoReplicas();
    const names = await answers(base, 6);
    expect(names.filter((n) => n === 'actions-1')).toHaveLength(3);
    expect(names.filter((n) => n === 'actions-2')).toHaveLength(3);
  });

  it('sends every request to the other replica once one is gone (killed): none is lost, none answers 503', async () => {
    const base = await twoReplicas();
    await replicas[0]!.close();
    // Writes too: a refused connection means the replica never received the request.
    expect(await answers(base, 6)).toEqual(Array(6).fill('actions-2'));
  });

  it('stops sending to a replica that hangs within two seconds, and takes it back once it answers again', async () => {
    const base = await twoReplicas();
    replicas[0]!.state.hang = true;
    // Requests that reach the hung replica get no answer; within two seconds its health check has
    // failed (every second, one-second time-out) and every new request goes to the other one. The
    // bounds below leave a busy machine's late timers room (the pool's own are two seconds).
    const ask = () =>
      fetch(`${base}/api/thing`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1000) }).then(
        (r) => r.text(),
        () => 'no answer',
      );
    await expect
      .poll(() => Promise.all([ask(), ask(), ask(), ask()]), { timeout: 5000, interval: 50 })
      .toEqual(Array(4).fill('actions-2'));
    replicas[0]!.state.hang = false;
    await expect.poll(async () => answers(base, 4), { timeout: 5000 }).toContain('actions-1');
  });

  it('sends a request that changes nothing (GET) again to another replica when one fails mid-request, but not a write', async () => {
    const base = await twoReplicas();
    // Round robin from the first replica: the GET meets actions-1's reset, actions-2 answers it.
    replicas[0]!.state.resetNext = true;
    expect(await answers(base, 1, 'GET')).toEqual(['actions-2']);
    // The next request starts at actions-2: a write it may have received is never sent twice;
    // the client gets the 503 and decides.
    replicas[1]!.state.resetNext = true;
    expect(await answers(base, 1, 'POST')).toEqual(['status 503']);
    expect(replicas[0]!.state.served).toBe(0);
  });

  it('never sends on a write that a replica killed mid-request had read on a kept-alive connection', async () => {
    const base = await twoReplicas();
    for (const replica of replicas) replica.state.keepAlive = true;
    // actions-1, then actions-2: both connections are kept alive in the gateway's pool.
    expect(await answers(base, 2)).toEqual(['actions-1', 'actions-2']);
    // The next write reuses actions-1's connection; it reads the write and is killed. The reset
    // looks like a stale keep-alive, but actions-1 then refuses a new connection: it may have
    // committed the write, so the client gets a 503 and actions-2 never sees the write.
    replicas[0]!.state.dieOnNext = true;
    expect(await answers(base, 1)).toEqual(['status 503']);
    expect(replicas[0]!.state.served).toBe(2);
    expect(replicas[1]!.state.served).toBe(1);
  });

  it('opens a WebSocket on a replica that is up when another is gone', async () => {
    const base = await twoReplicas();
    await replicas[0]!.close();
    for (let i = 0; i < 2; i++) {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/socket`);
      const reply = await new Promise<string>((resolve, reject) => {
        socket.once('open', () => socket.send('hi'));
        socket.once('message', (data) => resolve(String(data)));
        socket.once('error', reject);
        socket.once('unexpected-response', (_req, res) =>
          reject(new Error(`upgrade refused with ${res.statusCode}`)),
        );
      });
      socket.close();
      expect(reply).toBe('actions-2');
    }
  });
});
