import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from './compress-answer.ts';
import { type Gateway, startGateway } from './gateway.ts';

/** A JSON-like body of exactly `bytes` bytes that shrinks as GraphQL answers do (repeated keys). */
const jsonOf = (bytes: number) =>
  `{"data":{"rows":[${'{"id":1,"title":"Indicator","rating":"met"},'.repeat(bytes / 40)}`.slice(0, bytes);
const BIG = jsonOf(20_000);
const SMALL = jsonOf(COMPRESS_MIN_BYTES - 1);
/** Over the size compressed on the event loop: compressed on libuv's threads. */
const LARGE = jsonOf(300_000);

/**
 * A throwaway upstream: its answer for each path (`/big`, `/small`, `/gzipped`, `/pdf`,
 * `/no-transform`, `/streamed`, `/etag`), so the gateway's handling of each kind shows alone.
 */
/** Answers of `/endless` the upstream is still writing (each ends when the gateway drops it). */
let endless = 0;

function startUpstream(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    const json = { 'content-type': 'application/json; charset=utf-8' };
    switch (new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api/, '')) {
      case '/v1/graphql':
      case '/big':
        res.writeHead(200, { ...json, 'content-length': Buffer.byteLength(BIG) }).end(BIG);
        return;
      case '/large':
        res.writeHead(200, { ...json, 'content-length': LARGE.length }).end(LARGE);
        return;
      case '/small':
        res.writeHead(200, { ...json, 'content-length': Buffer.byteLength(SMALL) }).end(SMALL);
        return;
      case '/gzipped': {
        const body = zlib.gzipSync(BIG);
        res.writeHead(200, { ...json, 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
        return;
      }
      case '/partial':
        res.writeHead(206, {
          ...json,
          'content-range': `bytes 0-1999/${BIG.length}`,
          'content-length': 2000,
        });
        res.end(BIG.slice(0, 2000));
        return;
      case '/pdf':
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': BIG.length }).end(BIG);
        return;
      case '/no-transform':
        res.writeHead(200, { ...json, 'cache-control': 'private, no-transform' }).end(BIG);
        return;
      case '/streamed':
        // No length: written in pieces, sent chunked.
        res.writeHead(200, { 'content-type': 'application/graphql-response+json' });
        res.write(BIG.slice(0, 5000));
        setImmediate(() => res.end(BIG.slice(5000)));
        return;
      case '/endless': {
        // A JSON answer with no length that never ends by itself.
        endless++;
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(BIG.slice(0, 2000)), 10);
        res.on('close', () => {
          clearInterval(timer);
          endless--;
        });
        return;
      }
      case '/etag':
        res.writeHead(200, { ...json, etag: '"v1"', vary: 'Origin' }).end(BIG);
        return;
      default:
        res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  body: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

function request(url: string, method: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const decoded =
            encoding === 'br'
              ? zlib.brotliDecompressSync(body)
              : encoding === 'gzip'
                ? zlib.gunzipSync(body)
                : body;
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: decoded.toString(),
          });
        });
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

describe('the gateway compresses JSON answers', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let gateway: Gateway;
  let base: string;
  const get = (path: string, accept?: string, method = 'GET') =>
    request(`${base}/api${path}`, method, accept === undefined ? {} : { 'accept-encoding': accept });

  beforeAll(async () => {
    upstream = await startUpstream();
    const target = { name: 'actions', host: '127.0.0.1', port: upstream.port };
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: { ...target, name: 'engine' } },
      api: { kind: 'proxy', upstream: target },
      web: { kind: 'proxy', upstream: { ...target, name: 'web' } },
      health: async () => ({ ok: true, services: [] }),
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('in the encoding the client prefers, Brotli on a tie, with Vary and no length; as it is to a client that takes neither', async () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      // `*` does not bring back what the header refuses by name.
      ['br;q=0, *', 'gzip'],
      ['br;q=0, gzip;q=0.000, *', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await get('/big', accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toBe('Accept-Encoding');
      expect(answer.text, accept).toBe(BIG);
      if (encoding) {
        // Compressed whole, it goes with its compressed length.
        expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length);
        expect(answer.body.length, accept).toBeLessThan(BIG.length / 4);
      } else {
        expect(Number(answer.headers['content-length']), accept).toBe(BIG.length);
      }
    }
  });

  it("compresses the engine's GraphQL answers, large answers, and an answer sent in pieces with no length", async () => {
    const graphql = await request(`${base}/v1/graphql`, 'POST', { 'accept-encoding': 'br' });
    expect(graphql.headers['content-encoding']).toBe('br');
    expect(graphql.text).toBe(BIG);
    const streamed = await get('/streamed', 'gzip');
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.text).toBe(BIG);
    for (const encoding of ['br', 'gzip']) {
      const large = await get('/large', encoding);
      expect(large.headers['content-encoding']).toBe(encoding);
      expect(Number(large.headers['content-length'])).toBe(large.body.length);
      expect(large.text).toBe(LARGE);
    }
  });

  it('leaves alone answers under 1 KiB, answers already encoded, files, no-transform, ranges and HEAD', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.text).toBe(SMALL);

    // Hasura gzips its own answers when asked: passed on once, not encoded twice.
    const gzipped = await get('/gzipped', 'br, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(BIG);

    const pdf = await get('/pdf', 'br, gzip');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBe(BIG.length);

    const kept = await get('/no-transform', 'br, gzip');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.text).toBe(BIG);

    const partial = await get('/partial', 'br, gzip');
    expect(partial.status).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.text).toBe(BIG.slice(0, 2000));

    const head = await get('/big', 'br, gzip', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it("weakens a compressed answer's ETag and adds to the upstream's Vary", async () => {
    const compressed = await get('/etag', 'br');
    expect(compressed.headers.etag).toBe('W/"v1"');
    expect(compressed.headers.vary).toBe('Origin, Accept-Encoding');
    const plain = await get('/etag');
    expect(plain.headers.etag).toBe('"v1"');
    expect(plain.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('lets go of the upstream answer and its encoder when the client goes away mid-answer', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${base}/api/endless`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.setTimeout(5000, () => reject(new Error('no answer')));
    });
    await expect.poll(() => endless, { timeout: 5000 }).toBe(0);
    // And the gateway goes on serving.
    expect((await get('/big', 'br')).text).toBe(BIG);
  });
});
