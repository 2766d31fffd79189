import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { HealthReport } from '../health.ts';
import { type Gateway, routeOf, startGateway } from './gateway.ts';
import type { Upstream } from './upstream-pool.ts';

/** A throwaway upstream that echoes what it received, and WebSocket messages, with its name. */
async function startEcho(
  name: string,
): Promise<{ upstream: Upstream; close(): Promise<void>; inFlight: () => number }> {
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(201, {
        'content-type': 'application/json',
        'x-upstream': name,
        'set-cookie': ['a=1', 'b=2'],
      });
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          body: Buffer.concat(chunks).toString(),
          headers: req.headers,
        }),
      );
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => {
    socket.on('message', (data) =>
      socket.send(
        JSON.stringify({
          name,
          url: req.url,
          protocol: socket.protocol,
          echo: String(data),
          ...(String(data) === 'headers' ? { headers: req.headers } : {}),
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    upstream: { name, host: '127.0.0.1', port: (server.address() as AddressInfo).port },
    inFlight: () => inFlight,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request with its path exactly as written (fetch would resolve `..` and `//`). */
function rawRequest(
  port: number,
  method: string,
  requestPath: string,
): Promise<{ status: number; upstream: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: requestPath }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, upstream: String(res.headers['x-upstream'] ?? '') }),
      );
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{"type":"export_metadata","args":{}}' : undefined);
  });
}

/** Engine admin paths and disguises of them: none may reach the engine through the gateway (F2). */
const ADMIN_PATHS = [
  '/v1/metadata',
  '/v2/query',
  '/v1/query',
  '/v1/graphql/explain',
  '/v1/graphql/explain?x=1',
  '/v1/version',
  '/v1/config',
  '/v1alpha1/graphql',
  '/v1beta1/relay',
  '/v1/graphql/',
  '/V1/metadata',
  '/v1/METADATA',
  '/V2/Query',
  '//v1/metadata',
  '/v1//metadata',
  '///v2/query',
  '/v1%2Fmetadata',
  '/v1%2fgraphql%2fexplain',
  '/%76%31/metadata',
  '/v1/graphql/../metadata',
  '/v1/graphql/%2E%2E/metadata',
  '/v1/graphql%2F..%2Fmetadata',
  '/v1\\metadata',
  '/v1/graphql%00',
];

function wsRoundTrip(url: string, protocol: string, message: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocol);
    ws.on('open', () => ws.send(message));
    ws.on('message', (data) => {
      resolve(JSON.parse(String(data)));
      ws.close();
    });
    ws.on('error', reject);
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
  });
}

describe('routeOf', () => {
  it('sends Hasura endpoints to the engine, /api to actions, the rest to web', () => {
    expect(routeOf('/v1/graphql')).toBe('graphql');
    expect(routeOf('/v1/graphql?op=x')).toBe('graphql');
    expect(routeOf('/v2/query?x=1')).toBe('denied');
    expect(routeOf('/api/health')).toBe('api');
    expect(routeOf('/api')).toBe('api');
    expect(routeOf('/apiary')).toBe('web');
    expect(routeOf('/v1')).toBe('web');
    expect(routeOf('/practices/3')).toBe('web');
    expect(routeOf('/healthz')).toBeNull();
  });
});

describe('gateway with upstreams', () => {
  let engine: Awaited<ReturnType<typeof startEcho>>;
  let actions: Awaited<ReturnType<typeof startEcho>>;
  let web: Awaited<ReturnType<typeof startEcho>>;
  let gateway: Gateway;
  let base: string;
  let report: HealthReport = { ok: true, services: [{ name: 'engine', state: 'healthy' }] };

  beforeAll(async () => {
    [engine, actions, web] = await Promise.all([startEcho('engine'), startEcho('actions'), startEcho('web')]);
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: engine.upstream },
      api: { kind: 'proxy', upstream: actions.upstream },
      web: { kind: 'proxy', upstream: web.upstream },
      health: async () => report,
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([engine.close(), actions.close(), web.close()]);
  });

  it('forwards a POST with its body, path, query and headers, and the answer with its status', async () => {
    const response = await fetch(`${base}/v1/graphql?op=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer abc' },
      body: '{"query":"{ __typename }"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-upstream')).toBe('engine');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const echo = (await response.json()) as {
      method: string;
      url: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(echo).toMatchObject({
      method: 'POST',
      url: '/v1/graphql?op=x',
      body: '{"query":"{ __typename }"}',
    });
    expect(echo.headers.authorization).toBe('Bearer abc');
    expect(echo.headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });

  it('answers 404 to every engine admin path, disguised or not, and never forwards it (HTTP and WebSocket)', async () => {
    for (const requestPath of ADMIN_PATHS)
      for (const method of ['GET', 'POST']) {
        const answer = await rawRequest(gateway.port, method, requestPath);
        expect({ requestPath, method, ...answer }).toEqual({
          requestPath,
          method,
          status: 404,
          upstream: '',
        });
      }
    for (const requestPath of [
      '/v1/metadata',
      '/v2/query',
      '/v1/graphql/explain',
      '/V1/graphql',
      '//v1/graphql',
    ])
      await expect(
        wsRoundTrip(`ws://127.0.0.1:${gateway.port}${requestPath}`, 'graphql-transport-ws', 'hi'),
        requestPath,
      ).rejects.toThrow(/upgrade refused with 404/);
    // Paths that only resemble the engine's stay the web app's (its router answers them).
    for (const requestPath of ['/v1', '/v1graphql', '/api/../v1/metadata'])
      expect((await rawRequest(gateway.port, 'GET', requestPath)).upstream).not.toBe('engine');
  });

  it('routes /api/ to actions and everything else to web', async () => {
    expect(((await (await fetch(`${base}/api/health`)).json()) as { name: string }).name).toBe('actions');
    expect(((await (await fetch(`${base}/practices/1`)).json()) as { name: string; url: string }).url).toBe(
      '/practices/1',
    );
    expect(((await (await fetch(`${base}/`)).json()) as { name: string }).name).toBe('web');
  });

  it('forwards WebSocket upgrades with the subprotocol to the engine and to web', async () => {
    await expect(
      wsRoundTrip(`ws://127.0.0.1:${gateway.port}/v1/graphql`, 'graphql-transport-ws', 'hi'),
    ).resolves.toEqual({
      name: 'engine',
      url: '/v1/graphql',
      protocol: 'graphql-transport-ws',
      echo: 'hi',
    });
    // Vite's hot reload socket goes through the same origin.
    await expect(
      wsRoundTrip(`ws://127.0.0.1:${gateway.port}/?token=t`, 'vite-hmr', 'ping'),
    ).resolves.toMatchObject({
      name: 'web',
      url: '/?token=t',
      protocol: 'vite-hmr',
    });
  });

  it('tells upstreams the client address from its own socket, never what the client claims', async () => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-port': '443',
        'x-real-ip': '203.0.113.8',
        forwarded: 'for=203.0.113.9;proto=https',
      },
      body: '{}',
    });
    const { headers } = (await response.json()) as { headers: Record<string, string> };
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
    for (const name of ['x-forwarded-port', 'x-real-ip', 'forwarded'])
      expect(headers).not.toHaveProperty(name);
    expect(JSON.stringify(headers)).not.toContain('203.0.113');

    // The same for WebSocket upgrades.
    const answer = await new Promise<{ headers: Record<string, string> }>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${gateway.port}/v1/graphql`, 'graphql-transport-ws', {
        headers: {
          'x-forwarded-for': '203.0.113.7',
          'x-real-ip': '203.0.113.8',
          forwarded: 'for=203.0.113.9',
        },
      });
      ws.on('open', () => ws.send('headers'));
      ws.on('message', (data) => {
        resolve(JSON.parse(String(data)));
        ws.close();
      });
      ws.on('error', reject);
    });
    expect(answer.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(JSON.stringify(answer.headers)).not.toContain('203.0.113');
  });

  it('answers /healthz with the report: 200 when healthy, 503 when not', async () => {
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(report);
    report = { ok: false, services: [{ name: 'engine', state: 'unhealthy', detail: 'down' }] };
    const bad = await fetch(`${base}/healthz`);
    expect(bad.status).toBe(503);
    expect(await bad.json()).toEqual(report);
  });

  it('drops the upstream request when a client gives up half-way, and keeps serving', async () => {
    for (let i = 0; i < 5; i++) {
      const socket = net.connect(gateway.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('POST /v1/graphql HTTP/1.1\r\nhost: x\r\ncontent-length: 100000\r\n\r\n{"query":');
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.destroy();
    }
    // Otherwise the engine would wait for the rest of five bodies that never come.
    const deadline = Date.now() + 2000;
    while (engine.inFlight() > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(engine.inFlight()).toBe(0);
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(201);
  });

  it('closes with WebSocket connections open', async () => {
    const other = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: engine.upstream },
      api: { kind: 'missing', reason: 'x' },
      web: { kind: 'missing', reason: 'x' },
      health: async () => report,
    });
    const ws = new WebSocket(`ws://127.0.0.1:${other.port}/v1/graphql`);
    await new Promise((resolve, reject) => ws.on('open', resolve).on('error', reject));
    const closed = new Promise((resolve) => ws.on('close', resolve));
    await other.close();
    await closed;
  });
});

describe('gateway with an upstream that closes a kept-alive connection as it is reused', () => {
  it('sends the request again on a new connection instead of answering 503', async () => {
    // The second request on any connection finds it closed (what an idle timeout racing the
    // reuse does): the upstream drops the connection without reading or answering.
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      const socket = req.socket as net.Socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      seen.push(`${req.url} #${socket.served}`);
      if (socket.served > 1) {
        socket.destroy();
        return;
      }
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${req.url}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const upstream = { name: 'engine', host: '127.0.0.1', port: (server.address() as AddressInfo).port };
    const gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream },
      api: { kind: 'missing', reason: 'not here' },
      web: { kind: 'missing', reason: 'not here' },
      health: async () => ({ ok: true, services: [] }),
    });
    try {
      const post = async (n: number) => {
        const response = await fetch(`http://127.0.0.1:${gateway.port}/v1/graphql?n=${n}`, {
          method: 'POST',
          body: `{"n":${n}}`,
        });
        return [response.status, await response.text()];
      };
      expect(await post(1)).toEqual([200, 'ok /v1/graphql?n=1']);
      expect(await post(2)).toEqual([200, 'ok /v1/graphql?n=2']);
      // The second went on the kept connection, was dropped, and went again on a new one.
      expect(seen).toEqual(['/v1/graphql?n=1 #1', '/v1/graphql?n=2 #2', '/v1/graphql?n=2 #1']);
    } finally {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('gateway without upstreams', () => {
  let dist: string;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'stack-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc.js'), 'console.log(1)');
    // As the build leaves a text file: beside its Brotli and gzip copies (web/vite.config.ts).
    writeFileSync(path.join(dist, 'assets', 'big-abc.js'), BIG_SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'big-abc.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'big-abc.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    // A port nothing listens on: connection refused.
    const closed = await startEcho('gone');
    await closed.close();
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: closed.upstream },
      api: { kind: 'missing', reason: 'the actions service is not built yet' },
      web: { kind: 'static', dir: dist },
      health: async () => ({ ok: true, services: [] }),
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 503 with a clear JSON message naming the service when the upstream is down, for HTTP and WebSocket', async () => {
    const response = await fetch(`${base}/v1/graphql`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({
      error: 'gone is not available right now (it is down or restarting); try again in a moment',
      code: 'service-unavailable',
    });
    await expect(
      wsRoundTrip(`ws://127.0.0.1:${gateway.port}/v1/graphql`, 'graphql-transport-ws', 'x'),
    ).rejects.toThrow('upgrade refused with 503');
  });

  it('answers 503 with the reason for a service that is not built', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'the actions service is not built yet' });
  });

  it('serves the built app: files, hashed assets cached, client routes get index.html, nothing outside', async () => {
    const asset = await fetch(`${base}/assets/main-abc.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const route = await fetch(`${base}/practices/12/staff`);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<title>app</title>');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    // Encoded slashes survive URL parsing and decode to a path outside the directory.
    const outside = await fetch(`${base}/..%2f..%2f..%2f..%2fetc%2fpasswd`);
    expect(outside.status).toBe(404);
    expect(await outside.text()).not.toContain('root:');
  });
  it('sends the Brotli or gzip copy a browser accepts, with Vary, and the file itself to one that takes neither', async () => {
    const url = `${base}/assets/big-abc.js`;
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const response = await rawGet(url, accept ? { 'accept-encoding': accept } : {});
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length']), accept).toBe(response.body.length);
      const decoded =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(response.body)
            : response.body;
      expect(decoded.toString(), accept).toBe(BIG_SCRIPT);
    }
    // A file with no copies (too small to shrink) varies by nothing.
    const small = await rawGet(`${base}/assets/main-abc.js`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
  });

  it('answers 304 to a revalidation with the ETag of the same copy, and 200 to another copy', async () => {
    const page = await rawGet(`${base}/practices/12/staff`, {});
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await rawGet(`${base}/`, { 'if-none-match': String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const br = await rawGet(`${base}/assets/big-abc.js`, { 'accept-encoding': 'br' });
    const gzip = await rawGet(`${base}/assets/big-abc.js`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const unchanged = await rawGet(`${base}/assets/big-abc.js`, {
      'accept-encoding': 'br',
      'if-none-match': `W/${br.headers.etag}`,
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.vary).toBe('Accept-Encoding');
  });
});

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];`;

/** A GET that leaves the body as sent (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('status page', () => {
  it('shows the services with their state and the demo accounts while the web app is missing', async () => {
    const gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'missing', reason: 'x' },
      api: { kind: 'missing', reason: 'x' },
      web: { kind: 'status-page' },
      health: async () => ({
        ok: false,
        services: [
          { name: 'postgres', state: 'healthy', url: '127.0.0.1:54320' },
          { name: 'engine', state: 'unhealthy', detail: 'GET <x> failed' },
          { name: 'web', state: 'missing', detail: 'web/vite.config.ts is missing' },
        ],
      }),
    });
    try {
      const response = await fetch(`http://127.0.0.1:${gateway.port}/`);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const html = await response.text();
      expect(html).toContain('postgres');
      expect(html).toContain('not built yet');
      expect(html).toContain('web/vite.config.ts is missing');
      expect(html).toContain('GET &lt;x&gt; failed');
      expect(html).toContain('pm.single@demo.test');
      expect(html).toContain('Demo-pass-1');
      expect((await fetch(`http://127.0.0.1:${gateway.port}/elsewhere`)).status).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});
