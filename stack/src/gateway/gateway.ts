import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { API_PREFIX, HEALTHZ_PATH } from '@portal/domain';
import type { HealthReport } from '../health.ts';
import { type Caller, callerOf } from './caller.ts';
import { type CallerLoad, DEFAULT_FAIR_SHARE, FairShare, type FairShareLimits } from './fair-share.ts';
import { forwardInTurn } from './forward-in-turn.ts';
import { type ForwardOptions, forwardRequest, forwardUpgrade } from './proxy.ts';
import { sendJson } from './send-json.ts';
import { serveStatic } from './static.ts';
import { renderStatusPage } from './status-page.ts';
import { type Upstream, UpstreamPool } from './upstream-pool.ts';

/**
 * What serves one part of the origin. A proxy may name several replicas: each request goes to
 * the next that is up (`UpstreamPool`), checked at `healthPath` every second.
 */
export type Target =
  | { kind: 'proxy'; upstream: Upstream | readonly Upstream[]; healthPath?: string }
  | { kind: 'static'; dir: string }
  | { kind: 'status-page' }
  | { kind: 'missing'; reason: string };

export interface GatewayOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The engine: only `/v1/graphql` (HTTP and WebSocket); its admin endpoints are not routed. */
  graphql: Target;
  /** `/api/…`. */
  api: Target;
  /** Everything else. */
  web: Target;
  health: () => Promise<HealthReport>;
  /** Largest request body forwarded to an upstream (413 above it); default 4 MiB. */
  maxBodyBytes?: number;
  /** Put on every answer, over an upstream's own (see `securityHeaders`). */
  headers?: Record<string, string>;
  /**
   * HASURA_GRAPHQL_JWT_SECRET, to tell users apart by their verified access token (each gets
   * its own share of `/v1/graphql`; a provider admin may read the health details). Without it,
   * callers are told apart by address only.
   */
  jwtSecret?: string;
  /** HASURA_GRAPHQL_ADMIN_SECRET: a request with it takes no user's share (the admin has no limits). */
  adminSecret?: string;
  /** Each caller's share of `/v1/graphql` (default `DEFAULT_FAIR_SHARE`). */
  fairShare?: FairShareLimits;
}

/** GATEWAY_MAX_BODY_KB's default: an avatar (2 MiB) in a multipart form fits with room to spare. */
export const DEFAULT_MAX_BODY_BYTES = 4096 * 1024;

export interface Gateway {
  port: number;
  /** A caller's requests at `/v1/graphql` (`user:<id>` or `address:<ip>`): running and waiting. */
  load(key: string): CallerLoad;
  close(): Promise<void>;
}

type Part = 'graphql' | 'api' | 'web';

/**
 * The engine's paths the app uses through the one origin. Its admin API (`/v1/metadata`,
 * `/v2/query`, `/v1/query`, `/v1/graphql/explain`, `/v1/version`…) is reachable on the engine's
 * own port only, never from the browser's origin (security review F2).
 */
const ENGINE_PATHS = new Set(['/v1/graphql']);

/** A path that names (or disguises) an engine endpoint: `/v1/…`, `/V2/…`, `//v1/…`, `/v1%2F…`. */
function looksLikeEngine(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is judged as written.
  }
  return /^\/v\d+([a-z]+\d*)?\//i.test(decoded.replace(/[\\/]+/g, '/'));
}

/**
 * Which part of the origin a path belongs to; null for the gateway's own `/healthz`; 'denied'
 * for an engine path that is not allow-listed (answered 404).
 */
export function routeOf(url: string | undefined): Part | 'denied' | null {
  const pathname = (url ?? '/').split('?')[0]!;
  if (pathname === HEALTHZ_PATH) return null;
  if (ENGINE_PATHS.has(pathname)) return 'graphql';
  if (looksLikeEngine(pathname)) return 'denied';
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return 'api';
  return 'web';
}

/**
 * What `/healthz` and the status page tell a caller: everything (each service's address, port
 * and error) to the machine itself and to a provider admin; to anyone else whether it is up and
 * each service's state, nothing of where the services are.
 */
export function healthFor(report: HealthReport, caller: Pick<Caller, 'admin' | 'loopback'>): HealthReport {
  if (caller.loopback || caller.admin) return report;
  return { ok: report.ok, services: report.services.map(({ name, state }) => ({ name, state })) };
}

/**
 * The one origin: a small reverse proxy that forwards HTTP and WebSocket upgrades to the
 * engine (`/v1/graphql` only; its other `/v1/`, `/v2/` paths answer 404), the actions service (`/api/`) and the web app (`/`), and answers
 * `/healthz` with every service's health (200 only when all that run are healthy).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const upgraded = new Set<Duplex>();
  const identify = callerOf(options.jwtSecret, options.adminSecret);
  const fairShare = new FairShare(options.fairShare ?? DEFAULT_FAIR_SHARE);
  const pools = poolsOf(options);
  for (const pool of pools.values()) pool.start();
  const server = http.createServer(
    answerRequest(options, {
      identify,
      fairShare,
      pools,
      forward: { agent, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
    }),
  );
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    const part = routeOf(req.url);
    const pool = part && part !== 'denied' ? pools.get(part) : undefined;
    if (!pool) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    forwardUpgrade(req, socket, head, pool);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    load: (key) => fairShare.load(key),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      agent.destroy();
      for (const pool of pools.values()) pool.stop();
      await closed;
    },
  };
}

/** The replicas behind each part of the origin that is a proxy. */
function poolsOf(options: GatewayOptions): Map<Part, UpstreamPool> {
  const pools = new Map<Part, UpstreamPool>();
  for (const part of ['graphql', 'api', 'web'] as const) {
    const target = options[part];
    if (target.kind === 'proxy')
      pools.set(part, new UpstreamPool(target.upstream, { healthPath: target.healthPath }));
  }
  return pools;
}

/** The gateway's answer to an HTTP request: `/healthz`, a 404, or the part of the origin that serves it. */
function answerRequest(
  options: GatewayOptions,
  parts: {
    identify: (req: http.IncomingMessage) => Promise<Caller>;
    fairShare: FairShare;
    pools: Map<Part, UpstreamPool>;
    forward: ForwardOptions;
  },
): http.RequestListener {
  /** The report as this caller may see it. */
  const healthOf = async (req: http.IncomingMessage) => {
    const [report, caller] = await Promise.all([options.health(), parts.identify(req)]);
    return healthFor(report, caller);
  };
  return (req, res) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    const part = routeOf(req.url);
    if (part === null) {
      healthOf(req).then(
        (report) => sendJson(res, report.ok ? 200 : 503, report),
        () => sendJson(res, 500, { ok: false }),
      );
      return;
    }
    if (part === 'denied') {
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    const target = options[part];
    switch (target.kind) {
      case 'proxy': {
        const pool = parts.pools.get(part)!;
        if (part === 'graphql') forwardInTurn(parts, req, res, pool);
        else forwardRequest(req, res, pool, parts.forward);
        return;
      }
      case 'static':
        serveStatic(req, res, target.dir);
        return;
      case 'status-page':
        serveStatusPage(req, res, healthOf);
        return;
      case 'missing':
        sendJson(res, 503, { error: target.reason });
        return;
    }
  };
}

/** The page that says how the stack stands, at `/` when no web app is there; 404 elsewhere. */
function serveStatusPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  healthOf: (req: http.IncomingMessage) => Promise<HealthReport>,
): void {
  if ((req.url ?? '/').split('?')[0] !== '/') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  healthOf(req).then(
    (report) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(renderStatusPage(report)),
    () => sendJson(res, 500, { error: 'the health check failed' }),
  );
}
