import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type AdminAnswer,
  type AdminEndpoint,
  adminError,
  handleAdminRequest,
} from '../admin-api/admin-endpoint.ts';
import { handleExplainRequest } from '../admin-api/explain.ts';
import { METADATA_API } from '../admin-api/metadata-api.ts';
import { QUERY_API, V1_QUERY_API } from '../admin-api/query-api.ts';
import type { Headers } from '../auth/authenticate.ts';
import type { EngineCore } from '../engine/engine.ts';
import type { GraphQLRequest } from '../engine/request.ts';
import { errorBody, HasuraError, invalidJsonMessage } from '../errors.ts';
import { serveConsole } from './console.ts';

/** The version string `/v1/version` reports. */
export const ENGINE_VERSION = 'v2.48.0-portal-engine';

/**
 * CORS: the request's origin is echoed, so credentialed requests work, only when
 * HASURA_GRAPHQL_CORS_DOMAIN allows it (a comma-separated list with `*` wildcards, or `*` for
 * every origin). Unset, no cross-origin request is allowed (Hasura allows every origin then).
 */
function corsHeaders(req: IncomingMessage, allowed: RegExp[] | null): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || (allowed && !allowed.some((re) => re.test(origin)))) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET,POST,OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '1728000',
    vary: 'Origin',
  };
}

/** HASURA_GRAPHQL_CORS_DOMAIN as patterns; null means every origin, [] none (unset). */
export function corsPatterns(domains: string | undefined): RegExp[] | null {
  if (!domains?.trim()) return [];
  if (domains.trim() === '*') return null;
  return domains.split(',').map(
    (d) =>
      new RegExp(
        `^${d
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')}$`,
      ),
  );
}

/** Node headers as single strings (repeated headers joined like HTTP does). */
export function flatHeaders(raw: IncomingMessage['headers']): Headers {
  const out: Headers = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json; charset=utf-8',
  extra: Record<string, string> = {},
) {
  res.writeHead(status, {
    ...extra,
    ...(res.req
      ? corsHeaders(res.req, (res as ServerResponse & { cors?: RegExp[] | null }).cors ?? null)
      : {}),
    'content-type': type,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining (so the 413 can be written) but stop buffering.
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const AUTH_CODES = new Set([
  'access-denied',
  'invalid-jwt',
  'jwt-invalid-claims',
  'jwt-missing-role-claims',
  'invalid-headers',
]);

/** Codes that mean the database cannot be reached (or takes no more connections): 503 everywhere. */
const UNAVAILABLE_CODES = new Set(['postgres-error', 'postgres-max-connections-error']);

function errorCode(answer: string): string | undefined {
  if (!answer.startsWith('{"errors"')) return undefined;
  return (JSON.parse(answer) as { errors: Array<{ extensions?: { code?: string } }> }).errors[0]?.extensions
    ?.code;
}

/**
 * The HTTP status of an answer: `/v1/graphql` answers 200 like Hasura, except 503 while the
 * database is unavailable (so a client, proxy or health check can tell it from a refusal);
 * `/v1alpha1/graphql` gives real codes: 401 for auth errors, 500 unexpected, else 400.
 */
function statusOf(answer: string, realStatus: boolean): number {
  const code = errorCode(answer);
  if (code === undefined) return 200;
  if (UNAVAILABLE_CODES.has(code)) return 503;
  if (!realStatus) return 200;
  return AUTH_CODES.has(code) ? 401 : code === 'unexpected' ? 500 : 400;
}

/** Hasura's admin endpoints by path (`{type, args}` bodies, admin only). */
const ADMIN_ENDPOINTS: Record<string, AdminEndpoint> = {
  '/v1/metadata': METADATA_API,
  '/v2/query': QUERY_API,
  '/v1/query': V1_QUERY_API,
};

const NOT_FOUND = JSON.stringify({ path: '$', error: 'resource does not exist', code: 'not-found' });

/**
 * A POST to an admin-style endpoint (`/v1/metadata`, `/v2/query`, `/v1/query`,
 * `/v1/graphql/explain`): its body as JSON (Hasura's `invalid-json` / 413 otherwise), then the handler.
 */
async function serveAdminJson(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  handle: (headers: Headers, body: unknown) => Promise<AdminAnswer>,
) {
  const text = await readBody(req, limit);
  if (text === null)
    return send(
      res,
      413,
      JSON.stringify(
        adminError(new HasuraError('bad-request', `request body exceeds the limit of ${limit} bytes`)).body,
      ),
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const answer = adminError(new HasuraError('invalid-json', invalidJsonMessage(text, error)));
    return send(res, answer.status, JSON.stringify(answer.body));
  }
  const answer = await handle(flatHeaders(req.headers), body);
  send(res, answer.status, JSON.stringify(answer.body));
}

/** Handles `/v1/graphql` POSTs (single and batched), `/healthz`, `/v1/version` and the console. */
export function createHttpServer(core: EngineCore): Server {
  const limit = core.options.maxBodyBytes ?? 1024 * 1024;
  const cors = corsPatterns(core.options.corsDomain);
  return createServer(async (req, res) => {
    (res as ServerResponse & { cors?: RegExp[] | null }).cors = cors;
    try {
      const url = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method === 'OPTIONS') return send(res, 204, '');
      // Like Hasura: 200 OK, or an error status while the database cannot be reached.
      if (req.method === 'GET' && url === '/healthz')
        return (await core.executor.reachable())
          ? send(res, 200, 'OK', 'text/plain; charset=utf-8')
          : send(res, 503, 'ERROR: the database is not reachable', 'text/plain; charset=utf-8');
      if (req.method === 'GET' && url === '/v1/version')
        return send(res, 200, JSON.stringify({ version: ENGINE_VERSION }));
      // The console: its page, script and ruru's files, all from the engine's own dependencies.
      if (req.method === 'GET' && core.options.enableConsole && (await serveConsole(req, res, url))) return;
      const adminEndpoint = Object.hasOwn(ADMIN_ENDPOINTS, url) ? ADMIN_ENDPOINTS[url] : undefined;
      if (adminEndpoint && req.method === 'POST')
        return await serveAdminJson(req, res, limit, (headers, body) =>
          handleAdminRequest(core, adminEndpoint, headers, body),
        );
      if (url === '/v1/graphql/explain' && req.method === 'POST')
        return await serveAdminJson(req, res, limit, (headers, body) =>
          handleExplainRequest(core, headers, body),
        );
      // /v1alpha1/graphql is the same API with real HTTP status codes instead of Hasura's all-200.
      const realStatus = url === '/v1alpha1/graphql';
      if (url !== '/v1/graphql' && !realStatus) return send(res, 404, NOT_FOUND);
      if (req.method !== 'POST')
        return send(
          res,
          200,
          errorBody(new HasuraError('not-supported', 'GET queries are not supported; use POST'), false),
        );
      const text = await readBody(req, limit);
      if (text === null)
        return send(
          res,
          413,
          errorBody(
            new HasuraError('bad-request', `request body exceeds the limit of ${limit} bytes`),
            false,
          ),
        );
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        return send(
          res,
          200,
          errorBody(new HasuraError('invalid-json', invalidJsonMessage(text, error)), false),
        );
      }
      const headers = flatHeaders(req.headers);
      if (Array.isArray(body)) {
        const limit = await core.batchLimit(headers);
        if (limit !== undefined && body.length > limit)
          return send(
            res,
            realStatus ? 400 : 200,
            errorBody(
              new HasuraError(
                'validation-failed',
                `a batch may have at most ${limit} operations; this one has ${body.length}`,
              ),
              false,
            ),
          );
        const out: string[] = [];
        for (const item of body) out.push(await core.handle(headers, item as GraphQLRequest));
        return send(res, 200, `[${out.join(',')}]`);
      }
      const answer = await core.handle(headers, body as GraphQLRequest);
      const status = statusOf(answer, realStatus);
      send(res, status, answer, undefined, status === 503 ? { 'retry-after': '5' } : {});
    } catch (error) {
      send(res, 500, errorBody(error, false));
    }
  });
}
