import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, type Gateway, startGateway } from './gateway.ts';

/**
 * Request bodies through the gateway: its own limit on /api and /v1 (413 before anything
 * reaches an upstream), and an upstream's early answer (413 and close, as Fastify answers a
 * body over its limit) passed on instead of a 502.
 */

/** Sends a body of `size` bytes, chunked (no Content-Length), and answers status and text. */
function postChunked(url: string, size: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (c: Buffer) => {
        text += c.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(16 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe('gateway body limits', () => {
  let seen: string[];
  let counting: http.Server;
  let early: net.Server;
  let gateway: Gateway;
  let base: string;
  // The default (GATEWAY_MAX_BODY_KB=4096).
  const LIMIT = DEFAULT_MAX_BODY_BYTES;

  beforeAll(async () => {
    seen = [];
    // Counts what reaches it; answers with the size of the body it got.
    counting = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
      });
      req.on('end', () => res.end(JSON.stringify({ size })));
    });
    // Like Fastify past its body limit: 413 as soon as the headers are in, then the connection
    // is closed with the body unread.
    early = net.createServer((socket) => {
      let head = '';
      const onData = (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.off('data', onData);
        const body = '{"error":"Request body is too large"}';
        socket.write(
          `HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
        );
        setTimeout(() => socket.destroy(), 5);
      };
      socket.on('data', onData);
      socket.on('error', () => {});
    });
    await Promise.all(
      [counting, early].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))),
    );
    const port = (s: net.Server) => (s.address() as AddressInfo).port;
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: { name: 'engine', host: '127.0.0.1', port: port(counting) } },
      api: { kind: 'proxy', upstream: { name: 'actions', host: '127.0.0.1', port: port(early) } },
      web: { kind: 'status-page' },
      health: async () => ({ ok: true, services: [] }),
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway.close();
    counting.closeAllConnections();
    await Promise.all([counting, early].map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('forwards a body up to the limit whole', async () => {
    const response = await fetch(`${base}/v1/graphql`, { method: 'POST', body: 'x'.repeat(LIMIT) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ size: LIMIT });
  });

  it('answers 413 with a clear JSON message for a Content-Length over the limit; the upstream sees nothing', async () => {
    seen.length = 0;
    const response = await fetch(`${base}/v1/graphql`, { method: 'POST', body: 'x'.repeat(LIMIT + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: `The request body is too large: the gateway accepts at most ${LIMIT} bytes (GATEWAY_MAX_BODY_KB).`,
      code: 'payload-too-large',
    });
    // Several megabytes are answered too (the client, still sending, reads the answer).
    const huge = await fetch(`${base}/v1/graphql`, { method: 'POST', body: 'x'.repeat(3 * LIMIT) });
    expect(huge.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it('closes the connection of a 413 and says so: a keep-alive client never sends its next request on it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const request = http.request(`${base}/v1/graphql`, { method: 'POST', agent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode!, connection: response.headers.connection }),
          );
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      for (let i = 0; i < 5; i++) {
        expect(await post('x'.repeat(LIMIT + 1))).toEqual({ status: 413, connection: 'close' });
        // Straight after, on the one socket the agent may use: a fresh connection, not the closing one.
        expect((await post('{}')).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('answers 413 when a chunked body grows over the limit; the upstream sees nothing', async () => {
    seen.length = 0;
    const answer = await postChunked(`${base}/v1/graphql`, 4 * LIMIT);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'payload-too-large' });
    expect(seen).toEqual([]);
    // And the gateway keeps serving.
    expect((await fetch(`${base}/v1/graphql`, { method: 'POST', body: '{}' })).status).toBe(200);
  });

  it("passes on an upstream's early 413 instead of a 502 (EPIPE)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${base}/api/auth/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A 1 MB password: over actions' own limit, under the gateway's.
        body: JSON.stringify({ password: 'x'.repeat(1_000_000) }),
      });
      expect(await response.text()).toBe('{"error":"Request body is too large"}');
      statuses.push(response.status);
    }
    // Streamed from a slow client too.
    statuses.push((await postChunked(`${base}/api/auth/reset`, 1_000_000)).status);
    expect(statuses).toEqual(Array(11).fill(413));
  });

  it('keeps serving after a client sends a too-large body over a raw socket and goes away', async () => {
    const socket = net.connect(gateway.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /api/x HTTP/1.1\r\nhost: x\r\ncontent-length: ${LIMIT * 100}\r\n\r\n`);
    socket.write(Buffer.alloc(LIMIT * 2, 'x'));
    socket.destroy();
    expect((await fetch(`${base}/v1/graphql`, { method: 'POST', body: '{}' })).status).toBe(200);
  });
});
