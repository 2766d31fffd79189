import type http from 'node:http';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * An upstream's JSON answer goes compressed to a client that accepts Brotli or gzip
 * (docs/decisions/local-stack.md#compression): GraphQL answers are text that shrinks to a tenth
 * (an assessment's edition standards: 264 kB, 22 kB in Brotli). Answers under 1 KiB go as they
 * are (a few hundred bytes saved do not pay for the work), as do answers the upstream encoded
 * itself (Hasura gzips when asked) or marked `no-transform`, and everything that is not JSON:
 * files, PDFs and zips are compressed already or streamed as they come.
 */
export const COMPRESS_MIN_BYTES = 1024;

/** application/json, application/graphql-response+json, application/problem+json… */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Brotli first on a tie. No cache: the library keeps every distinct header it is given, and
 * clients choose the header (a map that only grows); parsing one costs less than a microsecond.
 */
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Brotli's quality for answers made on the fly: 4 is gzip's speed and some 10 % smaller. */
const BROTLI_QUALITY = 4;

export type AnswerEncoding = 'br' | 'gzip';

/** Whether the upstream's answer may be compressed at all: then it varies by Accept-Encoding. */
function compressible(req: http.IncomingMessage, answer: http.IncomingMessage): boolean {
  const status = answer.statusCode ?? 0;
  // 206: a range of the upstream's bytes, which a compressed body would no longer be.
  if (req.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304)
    return false;
  if (answer.headers['content-encoding']) return false;
  if (!JSON_TYPE.test(answer.headers['content-type'] ?? '')) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(answer.headers['cache-control'] ?? '')) return false;
  const length = answer.headers['content-length'];
  return length === undefined || Number(length) >= COMPRESS_MIN_BYTES;
}

/** An encoding the header refuses by name (`br;q=0`), which its `*` must not bring back. */
function refusedByName(header: string, encoding: AnswerEncoding): boolean {
  return header
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name, ...params] = part.split(';').map((p) => p.trim());
      return name === encoding && params.some((p) => /^q=0(?:\.0{0,3})?$/.test(p));
    });
}

/**
 * The encoding the client prefers among ours (Brotli, gzip), or null when it takes neither: for
 * the answers compressed here and the build's copies (static.ts).
 */
export function preferredEncoding(header: string | undefined): AnswerEncoding | null {
  if (!header) return null;
  const chosen = negotiator.negotiate(header) as AnswerEncoding | null;
  if (!chosen || !refusedByName(header, chosen)) return chosen;
  // The library lets `*` give back an encoding refused by name: the other one, if not refused too.
  const other: AnswerEncoding = chosen === 'br' ? 'gzip' : 'br';
  return refusedByName(header, other) ? null : other;
}

/**
 * Answers up to this size are read whole and compressed in one call, on the event loop under
 * 64 KiB and on libuv's threads above: a compressing stream costs some 100 µs an answer in its own
 * machinery, where compressing a 1.3 kB answer takes 14 µs (measured; docs/decisions/local-stack.md#compression).
 * Larger answers, and answers of unknown length, go through a stream.
 */
const WHOLE_MAX_BYTES = 4 * 1024 * 1024;
const ON_LOOP_MAX_BYTES = 64 * 1024;

function brotliOptions(length: number | undefined): zlib.BrotliOptions {
  const params: Record<number, number> = { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY };
  if (length !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = length;
  return { params };
}

function compressWhole(encoding: AnswerEncoding, body: Buffer): Promise<Buffer> {
  if (body.length <= ON_LOOP_MAX_BYTES)
    return Promise.resolve(
      encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body.length)) : zlib.gzipSync(body),
    );
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (encoding === 'br') zlib.brotliCompress(body, brotliOptions(body.length), done);
    else zlib.gzip(body, done);
  });
}

/** Reads the whole answer; rejects when it fails or ends early. */
function readAll(answer: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.once('end', () =>
      answer.complete ? resolve(Buffer.concat(chunks)) : reject(new Error('cut short')),
    );
    answer.once('error', reject);
  });
}

/**
 * Sends the upstream's answer to `res` compressed with `encoding` (headers from
 * `compressedHeaders`): read whole and sent with its length when the upstream gave one under
 * WHOLE_MAX_BYTES, else streamed chunked. A failure on the way drops the connection.
 */
function sendCompressed(
  answer: http.IncomingMessage,
  res: http.ServerResponse,
  headers: http.OutgoingHttpHeaders,
  encoding: AnswerEncoding,
): void {
  const status = answer.statusCode ?? 502;
  const declared = answer.headers['content-length'];
  const length = declared === undefined ? undefined : Number(declared);
  const out = compressedHeaders(headers, encoding);
  if (length !== undefined && length <= WHOLE_MAX_BYTES) {
    readAll(answer)
      .then((body) => compressWhole(encoding, body))
      .then(
        (body) => {
          if (res.destroyed) return;
          res.writeHead(status, answer.statusMessage, { ...out, 'content-length': body.length });
          res.end(body);
        },
        () => res.destroy(),
      );
    return;
  }
  const encoder = encoding === 'br' ? zlib.createBrotliCompress(brotliOptions(length)) : zlib.createGzip();
  res.writeHead(status, answer.statusMessage, out);
  // pipeline, not pipe: a failure or a client gone destroys the encoder too (its native memory).
  pipeline(answer, encoder, res, (error) => {
    if (error) res.destroy();
  });
}

/**
 * The answer's headers once compressed: `Content-Encoding` set, the upstream's length dropped, a
 * strong ETag made weak (the bytes differ; the content is the same).
 */
function compressedHeaders(
  headers: http.OutgoingHttpHeaders,
  encoding: AnswerEncoding,
): http.OutgoingHttpHeaders {
  const { 'content-length': _length, etag, ...rest } = headers;
  const out: http.OutgoingHttpHeaders = { ...rest, 'content-encoding': encoding };
  if (typeof etag === 'string') out.etag = etag.startsWith('W/') ? etag : `W/${etag}`;
  return out;
}

/** Adds Accept-Encoding to the answer's Vary (once), since a compressible answer depends on it. */
function varyByEncoding(headers: http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const vary = headers.vary;
  const values = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return headers;
  return { ...headers, vary: [...values, 'Accept-Encoding'].join(', ') };
}

/**
 * Sends an upstream's answer on to the client with `headers` (the proxy's, end to end): a JSON
 * answer that may be compressed varies by Accept-Encoding and goes in the encoding the client
 * prefers; anything else, or to a client that takes neither, goes as it came.
 */
export function sendAnswer(
  req: http.IncomingMessage,
  answer: http.IncomingMessage,
  res: http.ServerResponse,
  headers: http.OutgoingHttpHeaders,
): void {
  const varies = compressible(req, answer);
  const encoding = varies ? preferredEncoding(req.headers['accept-encoding']) : null;
  const out = varies ? varyByEncoding(headers) : headers;
  if (encoding) {
    sendCompressed(answer, res, out, encoding);
    return;
  }
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
  answer.pipe(res);
}
