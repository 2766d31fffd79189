import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** A service the gateway forwards to. */
export interface Upstream {
  name: string;
  host: string;
  port: number;
}

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

function forwardedFor(req: http.IncomingMessage): Record<string, string> {
  const prior = req.headers['x-forwarded-for'];
  const remote = req.socket.remoteAddress ?? '';
  return {
    'x-forwarded-for': prior ? `${prior}, ${remote}` : remote,
    'x-forwarded-proto': (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
    'x-forwarded-host': (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? '',
  };
}

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  const out: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key) && !named.has(key)) out[key] = value;
  }
  return out;
}

function sendBadGateway(res: http.ServerResponse, upstream: Upstream, error: Error): void {
  if (res.headersSent) {
    res.destroy(error);
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: `${upstream.name} is not reachable`, detail: error.message }));
}

/** Forwards one HTTP request to the upstream and streams the answer back. */
export function forwardRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  upstream: Upstream,
  agent: http.Agent,
): void {
  const outgoing = http.request(
    {
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...endToEnd(req.headers), ...forwardedFor(req) },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.pipe(res);
      answer.on('error', (error) => res.destroy(error));
    },
  );
  outgoing.on('error', (error) => sendBadGateway(res, upstream, error));
  // A client that goes away takes the upstream request with it.
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  // A client that aborts mid-body must not take the gateway down.
  req.on('error', () => outgoing.destroy());
  res.on('error', () => outgoing.destroy());
  req.pipe(outgoing);
}

/**
 * Forwards an HTTP upgrade (WebSocket) by replaying the request on a new TCP connection to
 * the upstream and then joining the two sockets; the upstream does the handshake.
 */
export function forwardUpgrade(
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer,
  upstream: Upstream,
): void {
  const connection = net.connect(upstream.port, upstream.host);
  let connected = false;
  connection.on('connect', () => {
    connected = true;
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    const skip = new Set(Object.keys(forwardedFor(req)));
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!skip.has(req.rawHeaders[i]!.toLowerCase()))
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    for (const [key, value] of Object.entries(forwardedFor(req))) lines.push(`${key}: ${value}`);
    connection.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) connection.write(head);
    connection.pipe(socket);
    socket.pipe(connection);
  });
  connection.on('error', () => {
    if (!connected && socket.writable) {
      const body = JSON.stringify({ error: `${upstream.name} is not reachable` });
      socket.end(
        `HTTP/1.1 502 Bad Gateway\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    } else {
      socket.destroy();
    }
  });
  connection.on('close', () => socket.destroy());
  socket.on('error', () => connection.destroy());
  socket.on('close', () => connection.destroy());
}
