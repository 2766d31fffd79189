import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../health.ts';
import { type Gateway, startGateway } from './gateway.ts';
import type { Upstream } from './upstream-pool.ts';

/**
 * One user must not slow everyone (docs/security.md). The gateway gives each caller (the user of a
 * verified access token, else the client's address) its own share of /v1/graphql, and tells where
 * the services run only to the machine itself and to a provider admin.
 */

const JWT_KEY = 'fair-share-test-key-fair-share-test-key';
const JWT_SECRET = JSON.stringify({ type: 'HS256', key: JWT_KEY });
const ADMIN_SECRET = 'fair-share-admin-secret';

function token(userId: string, roles: string[] = ['user'], key = JWT_KEY): Promise<string> {
  return new SignJWT({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': roles,
      'x-hasura-default-role': roles[0],
      'x-hasura-user-id': userId,
    },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
    .sign(new TextEncoder().encode(key));
}

/** An engine stand-in that holds every request until the test lets it answer. */
async function startHoldingEngine() {
  const held: Array<{ who: string; answer: () => void }> = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      held.push({
        who: String(req.headers.authorization ?? req.headers['x-hasura-admin-secret'] ?? 'anonymous'),
        answer: () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}'),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    upstream: { name: 'engine', host: '127.0.0.1', port: (server.address() as AddressInfo).port } as Upstream,
    held,
    /** Answers every held request (and those that come while it waits for `count`). */
    answerAll: () => {
      for (const h of held.splice(0)) h.answer();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { errors?: Array<{ message: string; extensions: { code: string } }> };
}

function graphql(port: number, headers: Record<string, string>, host = '127.0.0.1'): Promise<Answer> {
  return fetch(`http://${host}:${port}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"query":"{ __typename }"}',
  }).then(async (res) => ({
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Answer['body'],
  }));
}

describe("each caller's share of /v1/graphql", () => {
  let engine: Awaited<ReturnType<typeof startHoldingEngine>>;
  let gateway: Gateway;

  beforeAll(async () => {
    engine = await startHoldingEngine();
  });
  afterEach(async () => {
    engine.answerAll();
    await gateway?.close();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const start = async (fairShare: Parameters<typeof startGateway>[0]['fairShare']) => {
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: engine.upstream },
      api: { kind: 'missing', reason: 'not here' },
      web: { kind: 'missing', reason: 'not here' },
      health: async () => ({ ok: true, services: [] }),
      jwtSecret: JWT_SECRET,
      adminSecret: ADMIN_SECRET,
      fairShare,
    });
    return gateway.port;
  };

  it("forwards a user's requests a few at a time, keeps the rest in their own line, refuses one over it with 429, and serves another user meanwhile", async () => {
    const port = await start({ concurrency: 2, queue: 3, waitMs: 10_000, rate: 1000, windowSeconds: 10 });
    const heavy = { authorization: `Bearer ${await token('41')}` };
    const light = { authorization: `Bearer ${await token('42')}` };
    const flood = Array.from({ length: 5 }, () => graphql(port, heavy));
    await expect.poll(() => gateway.load('user:41')).toEqual({ running: 2, waiting: 3, early: 0 });
    await expect.poll(() => engine.held.length).toBe(2);
    // The sixth is one over the line: refused at once, GraphQL-shaped, with when to try again.
    const refused = await graphql(port, heavy);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body).toEqual({
      errors: [
        {
          message:
            'too many requests at once: at most 2 at a time and 3 waiting from one user; try again in 1 s',
          extensions: { path: '$', code: 'too-many-requests' },
        },
      ],
    });
    // Another user, and the engine's admin, are forwarded at once while the first user's wait.
    const other = graphql(port, light);
    const admin = graphql(port, { 'x-hasura-admin-secret': ADMIN_SECRET });
    await expect.poll(() => engine.held.length).toBe(4);
    expect(engine.held.map((h) => h.who).sort()).toEqual(
      [heavy.authorization, heavy.authorization, light.authorization, ADMIN_SECRET].sort(),
    );
    engine.answerAll();
    expect((await other).status).toBe(200);
    expect((await admin).status).toBe(200);
    // The waiting ones go on as the running ones finish.
    await expect.poll(() => engine.held.length).toBe(2);
    engine.answerAll();
    await expect.poll(() => engine.held.length).toBe(1);
    engine.answerAll();
    expect((await Promise.all(flood)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('knows a caller without a valid token by address, a forged token included', async () => {
    const port = await start({ concurrency: 1, queue: 0, waitMs: 10_000, rate: 1000, windowSeconds: 10 });
    const first = graphql(port, {});
    await expect.poll(() => engine.held.length).toBe(1);
    const forged = await graphql(port, {
      authorization: `Bearer ${await token('43', ['user'], 'x'.repeat(40))}`,
    });
    expect(forged.status).toBe(429);
    engine.answerAll();
    expect((await first).status).toBe(200);
  });

  it('slows a burst over the rate, then refuses with 429 and Retry-After when its line is full', async () => {
    const port = await start({ concurrency: 10, queue: 1, waitMs: 10_000, rate: 3, windowSeconds: 5 });
    const user = { authorization: `Bearer ${await token('44')}` };
    const burst = Array.from({ length: 4 }, () => graphql(port, user));
    await expect.poll(() => gateway.load('user:44')).toEqual({ running: 3, waiting: 0, early: 1 });
    await expect.poll(() => engine.held.length).toBe(3);
    const refused = await graphql(port, user);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(5);
    expect(refused.body.errors?.[0]?.message).toMatch(
      /^too many requests: at most 3 every 5 s from one user; try again in \d s$/,
    );
    engine.answerAll();
    // The fourth was held back for the next window, not refused.
    await expect.poll(() => engine.held.length, { timeout: 8000 }).toBe(1);
    engine.answerAll();
    expect((await Promise.all(burst)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });
});

describe('/healthz and the status page', () => {
  const report: HealthReport = {
    ok: true,
    services: [
      { name: 'postgres', state: 'healthy', url: '127.0.0.1:54320' },
      { name: 'engine', state: 'healthy', url: 'http://127.0.0.1:8080/healthz' },
      {
        name: 'actions',
        state: 'unhealthy',
        url: 'http://127.0.0.1:3100/api/health',
        detail: 'GET http://127.0.0.1:3100/api/health failed: ECONNREFUSED',
      },
    ],
  };
  let gateway: Gateway;
  /** This machine's address on a network interface: a client there is not a loopback one. */
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  beforeAll(async () => {
    gateway = await startGateway({
      host: '0.0.0.0',
      port: 0,
      graphql: { kind: 'missing', reason: 'not here' },
      api: { kind: 'missing', reason: 'not here' },
      web: { kind: 'status-page' },
      health: async () => report,
      jwtSecret: JWT_SECRET,
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const get = async (host: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://${host}:${gateway.port}${path}`, { headers });
    return { status: res.status, text: await res.text() };
  };

  it('tells where the services run only to the machine itself and to a provider admin', async () => {
    if (!lan)
      throw new Error('this test needs a network interface besides loopback (os.networkInterfaces())');
    const local = await get('127.0.0.1', '/healthz');
    expect(JSON.parse(local.text)).toEqual(report);

    const stranger = await get(lan, '/healthz');
    expect(stranger.status).toBe(200);
    expect(JSON.parse(stranger.text)).toEqual({
      ok: true,
      services: [
        { name: 'postgres', state: 'healthy' },
        { name: 'engine', state: 'healthy' },
        { name: 'actions', state: 'unhealthy' },
      ],
    });
    const user = await get(lan, '/healthz', { authorization: `Bearer ${await token('45')}` });
    expect(JSON.parse(user.text)).toEqual(JSON.parse(stranger.text));
    const admin = await get(lan, '/healthz', {
      authorization: `Bearer ${await token('46', ['provider_admin', 'qam', 'user'])}`,
    });
    expect(JSON.parse(admin.text)).toEqual(report);

    const page = await get(lan, '/');
    expect(page.text).toContain('unhealthy');
    expect(page.text).not.toMatch(/127\.0\.0\.1|54320|3100|8080|ECONNREFUSED/);
    expect((await get('127.0.0.1', '/')).text).toContain('127.0.0.1:54320');
  });
});
