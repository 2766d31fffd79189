import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { sendAnswer } from './compress-answer.ts';
import { sendJson } from './send-json.ts';
import type { Upstream, UpstreamPool } from './upstream-pool.ts';

/** Upstream URL (http://host:port) → Upstream. */
export function upstreamFromUrl(name: string, url: string): Upstream {
  const parsed = new URL(url);
  return {
    name,
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80)),
  };
}

// Hop-by-hop headers belong to one connection and are never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Who the client is, from the gateway's own socket: whatever X-Forwarded-* or Forwarded the
 * client sent is dropped (see endToEnd), so an upstream that trusts the gateway never sees an
 * address the client made up (the sign-in rate limit counts by it).
 */
function forwardedFor(req: http.IncomingMessage): Record<string, string> {
  return {
    'x-forwarded-for': req.socket.remoteAddress ?? '',
    'x-forwarded-proto': (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http',
    'x-forwarded-host': req.headers.host ?? '',
  };
}

// What a client may not tell an upstream about itself: the gateway says it (forwardedFor).
const CLIENT_FORWARDING = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  // Not about the client, but answered already: the gateway has read the whole body.
  'expect',
]);

function endToEnd(
  headers: http.IncomingHttpHeaders,
  drop: ReadonlySet<string> = new Set(),
): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  const out: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key) && !named.has(key) && !drop.has(key)) out[key] = value;
  }
  return out;
}

/** What a client gets while an upstream is down or restarting (connection refused, reset, ...). */
export function unavailableMessage(upstream: Pick<Upstream, 'name'>): string {
  return `${upstream.name} is not available right now (it is down or restarting); try again in a moment`;
}

function sendUnavailable(res: http.ServerResponse, upstream: Pick<Upstream, 'name'>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(
    res,
    503,
    { error: unavailableMessage(upstream), code: 'service-unavailable' },
    { 'retry-after': '2' },
  );
}

/**
 * 413 for a body over the limit, with `Connection: close`, once the rest of the body has been
 * read and dropped (for at most 10 s; then it is answered anyway). Answered while the client was
 * still sending, the close cut it off mid-write (EPIPE, now and then before it had read the
 * answer); answered on a connection left open, the client could send its next request on it
 * just as the gateway closed it ("other side closed").
 */
function sendTooLarge(req: http.IncomingMessage, res: http.ServerResponse, limit: number): void {
  const answer = () => {
    if (res.headersSent || res.destroyed) return;
    sendJson(
      res,
      413,
      {
        error: `The request body is too large: the gateway accepts at most ${limit} bytes (GATEWAY_MAX_BODY_KB).`,
        code: 'payload-too-large',
      },
      { connection: 'close' },
    );
  };
  if (req.readableEnded) {
    answer();
    return;
  }
  req.resume();
  const timer = setTimeout(answer, 10_000);
  timer.unref();
  req.once('end', () => {
    clearTimeout(timer);
    answer();
  });
}

/** The whole body, or null as soon as it grows over `limit` (a chunked body has no length). */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.once('error', reject);
  });
}

export interface ForwardOptions {
  agent: http.Agent;
  /** Largest request body forwarded; 413 above it. */
  maxBodyBytes: number;
}

/**
 * Forwards one HTTP request to a replica of the upstream and streams the answer back.
 *
 * The body is read whole first (it is small: at most `maxBodyBytes`; files go straight to S3)
 * and written in one piece. Streamed chunk by chunk, a body the upstream refuses early (413 and
 * close, as Fastify does past its limit) ends in a write error (EPIPE) that Node's HTTP client
 * reports before the answer it has already received, and the client got a 502 instead of the
 * 413. A write error after the answer has started is ignored for the same reason.
 */
export function forwardRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pool: UpstreamPool,
  options: ForwardOptions,
): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > options.maxBodyBytes) {
    sendTooLarge(req, res, options.maxBodyBytes);
    return;
  }
  readBody(req, options.maxBodyBytes).then(
    (body) => {
      if (body === null) sendTooLarge(req, res, options.maxBodyBytes);
      else if (!res.destroyed) send(req, res, pool, options.agent, body);
    },
    // A client that aborts mid-body must not take the gateway down; nothing was sent upstream.
    () => res.destroy(),
  );
}

/** Methods that change nothing (RFC 9110 §9.2.1): sent again to another replica when one fails mid-request. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Errors that say the replica never got the request: it is down, and another one may take it. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pool: UpstreamPool,
  agent: http.Agent,
  body: Buffer,
): void {
  const headers = { ...endToEnd(req.headers, CLIENT_FORWARDING), ...forwardedFor(req) };
  // The body was read whole (and de-chunked): it goes with its length.
  if (body.length > 0 || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'])
    headers['content-length'] = body.length;
  let answered = false;
  let outgoing: http.ClientRequest | null = null;
  const replicas = pool.order();
  const attempt = (index: number, retried: boolean) => {
    const upstream = replicas[index]!;
    const request = http.request(
      {
        host: upstream.host,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        // Again: on a connection of its own (the pool's other idle ones may be closing too).
        agent: retried ? false : agent,
      },
      (answer) => {
        answered = true;
        // The gateway's own headers (security headers) win over the upstream's.
        const own = new Set(Object.keys(res.getHeaders()));
        answer.on('error', () => res.destroy());
        // A JSON answer goes compressed to a client that takes it (compress-answer.ts).
        sendAnswer(req, answer, res, endToEnd(answer.headers, own));
      },
    );
    outgoing = request;
    request.on('error', (error: NodeJS.ErrnoException) => {
      // After an early answer (413 and close) the upstream stops reading: the answer still stands.
      if (answered || res.destroyed) return;
      if (!retried && isStaleKeepAlive(request, error)) {
        attempt(index, true);
        return;
      }
      const refused = NOT_CONNECTED.has(error.code ?? '');
      if (refused) pool.markDown(upstream);
      // Refused on a first try, the replica never got the request. Refused when sending again
      // after a reset of a reused connection, it may have: that reset was the replica dying with
      // the request read (kill -9 after its commit), not an idle connection it was closing.
      const neverReceived = refused && !retried;
      // Another replica takes a request this one never received, or one that changes nothing.
      if (index + 1 < replicas.length && (neverReceived || SAFE_METHODS.has(req.method ?? '')))
        attempt(index + 1, false);
      else sendUnavailable(res, pool);
    });
    request.end(body);
  };
  // A client that goes away takes the upstream request with it.
  res.on('close', () => {
    if (!res.writableFinished) outgoing?.destroy();
  });
  res.on('error', () => outgoing?.destroy());
  attempt(0, false);
}

/**
 * The request went on a kept-alive connection the upstream was closing as it was reused (it
 * closes idle connections: Node's servers after 5 s), and came back reset with no answer. The
 * upstream never read it, so it is sent once more on a new connection; a service that is down
 * refuses that one, and the client gets the 503 (a write is then never sent to another replica:
 * the reset may have been the service dying after it read the write). Without this, a busy machine (where the close
 * is noticed late) turned one request in a few hundred into a spurious 503.
 */
function isStaleKeepAlive(request: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

/**
 * Forwards an HTTP upgrade (WebSocket) by replaying the request on a new TCP connection to a
 * replica of the upstream (the next that accepts one) and then joining the two sockets; the
 * upstream does the handshake.
 */
export function forwardUpgrade(
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer,
  pool: UpstreamPool,
): void {
  const replicas = pool.order();
  const attempt = (index: number) => {
    const upstream = replicas[index]!;
    const connection = net.connect(upstream.port, upstream.host);
    let connected = false;
    connection.on('connect', () => {
      connected = true;
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      const skip = CLIENT_FORWARDING;
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (!skip.has(req.rawHeaders[i]!.toLowerCase()))
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      for (const [key, value] of Object.entries(forwardedFor(req))) lines.push(`${key}: ${value}`);
      connection.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) connection.write(head);
      connection.pipe(socket);
      socket.pipe(connection);
      connection.on('close', () => socket.destroy());
    });
    connection.on('error', () => {
      if (connected) {
        socket.destroy();
        return;
      }
      pool.markDown(upstream);
      if (index + 1 < replicas.length && !socket.destroyed) {
        attempt(index + 1);
      } else if (socket.writable) {
        const body = JSON.stringify({ error: unavailableMessage(pool), code: 'service-unavailable' });
        socket.end(
          `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 2\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      }
    });
    socket.on('error', () => connection.destroy());
    socket.on('close', () => connection.destroy());
  };
  attempt(0);
}
