import type { Headers } from '../auth/authenticate.ts';
import { Var } from '../compile/input.ts';
import type { FieldPlan, StatementRunner } from '../compile/plan.ts';
import type { EngineCore } from '../engine/engine.ts';
import { HasuraError } from '../errors.ts';
import type { Session } from '../exec/executor.ts';
import type { Action } from '../model/types.ts';

/** Client headers never forwarded to action handlers (besides every `x-hasura-*`). */
const NOT_FORWARDED = new Set([
  'content-length',
  'content-md5',
  'user-agent',
  'host',
  'origin',
  'referer',
  'accept',
  'accept-encoding',
  'accept-language',
  'accept-datetime',
  'cache-control',
  'connection',
  'dnt',
  'content-type',
  // Hop-by-hop headers describe the client's own connection (RFC 9110 §7.6.1), not the call.
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-connection',
  'proxy-authorization',
]);

/** Replaces `{{NAME}}` with environment values; a missing variable is an error, not an empty string. */
export function template(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => {
    const v = env[name];
    if (v === undefined) throw new HasuraError('unexpected', `environment variable '${name}' is not set`);
    return v;
  });
}

/** Argument values with variable references replaced by the request's variables. */
function materialize(value: unknown, variables: Record<string, unknown>): unknown {
  if (value instanceof Var) return variables[value.name] ?? null;
  if (Array.isArray(value)) return value.map((v) => materialize(v, variables));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, materialize(v, variables)]));
  return value;
}

function requestHeaders(action: Action, client: Headers, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  if (action.forwardClientHeaders) {
    for (const [k, v] of Object.entries(client)) {
      const key = k.toLowerCase();
      if (
        v === undefined ||
        NOT_FORWARDED.has(key) ||
        key.startsWith('x-hasura-') ||
        key.startsWith('sec-websocket')
      )
        continue;
      out[key] = v;
    }
    if (client.host) out['x-forwarded-host'] = client.host;
    if (client['user-agent']) out['x-forwarded-user-agent'] = client['user-agent'];
    if (client.origin) out['x-forwarded-origin'] = client.origin;
  }
  for (const h of action.headers) {
    if (h.fromEnv !== undefined) {
      const v = env[h.fromEnv];
      if (v === undefined)
        throw new HasuraError('unexpected', `environment variable '${h.fromEnv}' is not set`);
      out[h.name.toLowerCase()] = v;
    } else out[h.name.toLowerCase()] = h.value ?? '';
  }
  out['content-type'] = 'application/json';
  return out;
}

/** Calls a synchronous action's handler and maps its answer like Hasura (HASURA-DIALECT §7). */
async function callHandler(
  f: Extract<FieldPlan, { kind: 'action' }>,
  runner: StatementRunner,
  session: Session,
  client: Headers,
  query: string,
  variables: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const action = f.action;
  const url = template(action.handler, env);
  const payload = {
    action: { name: action.name },
    input: materialize(f.args, variables),
    session_variables: { ...session.vars, 'x-hasura-role': session.role },
    request_query: query,
  };
  let res: Response;
  let text: string;
  const internal = { request: { url, headers: [] as string[] } };
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: requestHeaders(action, client, env),
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(action.timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    throw new HasuraError('unexpected', 'http exception when calling webhook', '$', {
      ...internal,
      error: String((error as Error).message),
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HasuraError('unexpected', 'not a valid json response from webhook', '$', {
      ...internal,
      response: text,
    });
  }
  if (res.status >= 200 && res.status < 300) return f.output(body, runner);
  if (res.status >= 400 && res.status < 500) {
    const err = (body ?? {}) as { message?: unknown; extensions?: unknown; code?: unknown };
    if (typeof err.message !== 'string')
      throw new HasuraError('unexpected', 'internal error', '$', { ...internal, response: body });
    if (err.extensions && typeof err.extensions === 'object')
      throw new HasuraError(
        'unexpected',
        err.message,
        '$',
        undefined,
        err.extensions as Record<string, unknown>,
      );
    throw new HasuraError(typeof err.code === 'string' ? err.code : 'unexpected', err.message);
  }
  throw new HasuraError('unexpected', 'internal error', '$', {
    ...internal,
    response: body,
    status: res.status,
  });
}

/** Makes the engine run action fields through their HTTP handlers. */
export function installActions(core: EngineCore, env: NodeJS.ProcessEnv) {
  core.runAction = (f, runner, session, headers, query, variables) => {
    if (f.kind !== 'action') throw new Error('unreachable');
    return callHandler(f, runner, session, headers, query, variables, env);
  };
}
