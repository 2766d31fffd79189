import type { Headers } from '../auth/authenticate.ts';
import type { EngineCore } from '../engine/engine.ts';
import { HasuraError } from '../errors.ts';
import type { Session } from '../exec/executor.ts';

/**
 * Hasura's admin endpoints (`/v1/metadata`, `/v2/query`) take `{type, args}` and answer JSON with
 * real HTTP statuses; their errors are `{path, error, code}` (not GraphQL's `errors` array).
 */
export interface AdminAnswer {
  status: number;
  body: unknown;
}

/** What a command gets besides its `args`. */
export interface AdminCommandContext {
  core: EngineCore;
  session: Session;
  headers: Headers;
  /** The whole request body (some commands read `version`, `resource_version`, `source`). */
  request: Record<string, unknown>;
  /** The command's JSON path: `$`, or `$.args[i]` inside a bulk (its args are at `${path}.args`). */
  path: string;
}

/** One `type` of an admin endpoint: resolves with the answer body, throws `HasuraError` to refuse. */
export type AdminCommand = (args: unknown, context: AdminCommandContext) => Promise<unknown>;

/** An admin endpoint: its path (for messages) and the types it answers. */
export interface AdminEndpoint {
  path: string;
  commands: Record<string, AdminCommand>;
  /** The refusal of a type it does not answer (default: `not-supported` naming the type and SUPPORT.md). */
  refuse?: (type: string, path: string) => HasuraError;
  /**
   * Its commands give their errors' full paths themselves (from `context.path`): the dispatcher
   * must not move them. The query API needs it: Hasura's /v2/query runs a command outside its
   * `args` (a failed run_sql at `$`, in a bulk `$[i]`), /v1/query under them.
   */
  placesErrors?: boolean;
}

/** The HTTP status Hasura gives an admin endpoint's error code. */
export function adminErrorStatus(code: string): number {
  if (code === 'access-denied' || code === 'invalid-jwt' || code === 'invalid-headers') return 401;
  if (code === 'unexpected') return 500;
  if (code === 'postgres-error' || code === 'postgres-max-connections-error') return 503;
  return 400;
}

/** A refusal whose HTTP status is not the one its code usually has (Hasura decides per call site). */
export function withStatus<E extends HasuraError>(error: E, status: number): E {
  return Object.assign(error, { httpStatus: status });
}

/** `{path, error, code}` (plus `internal` for the admin) with its status. */
export function adminError(error: unknown): AdminAnswer {
  // An unexpected error is logged, never answered: no stack trace or file path leaves the engine
  // (the portal's explain route passes engine answers on; review F6).
  const e = error instanceof HasuraError ? error : new HasuraError('unexpected', 'internal error', '$');
  if (!(error instanceof HasuraError)) console.error('engine: unexpected error in an admin endpoint', error);
  const body: Record<string, unknown> = { path: e.path, error: e.message, code: e.code };
  if (e.internal !== undefined) body.internal = e.internal;
  const status = (e as HasuraError & { httpStatus?: number }).httpStatus ?? adminErrorStatus(e.code);
  return { status, body };
}

/**
 * The session of an admin request, or Hasura's refusal: these endpoints are for the admin secret
 * only. A caller that does not authenticate gets the authentication error (401); one that does,
 * with another role, gets Hasura's `restricted access : admin only` at `$.args` with 400, as
 * Hasura's `authorizeV1MetadataApi` / `authorizeV2QueryApi` answer. Unlike Hasura, a JWT (or
 * the unauthorized role) naming the role `admin` is refused the same way: only the admin secret
 * (or an engine with neither secret nor JWT, Hasura's development mode) reaches them (review F5).
 */
async function adminSession(core: EngineCore, headers: Headers): Promise<Session> {
  const session = await core.auth.session(headers);
  if (session.role !== 'admin' || !session.adminAuth)
    throw withStatus(new HasuraError('access-denied', 'restricted access : admin only', '$.args'), 400);
  return session;
}

/**
 * An error a command raised, at its place in the request: Hasura runs each command under its
 * `args` (`$.args`, `$.args[2].args` inside a bulk), so an error at `$` is at the command's args
 * and one at `$.args…` is re-rooted at the command.
 */
function under(path: string, error: unknown): unknown {
  if (
    !(error instanceof HasuraError) ||
    !error.path.startsWith('$') ||
    (error as { atRoot?: boolean }).atRoot
  )
    return error;
  const at = error.path === '$' ? `${path}.args` : `${path}${error.path.slice(1)}`;
  if (at === error.path) return error;
  const moved = new HasuraError(error.code, error.message, at, error.internal);
  const status = (error as HasuraError & { httpStatus?: number }).httpStatus;
  return status === undefined ? moved : withStatus(moved, status);
}

/** The most commands one `bulk` may hold (none runs when there are more). */
export const MAX_BULK_ITEMS = 1000;

/** Runs one `{type, args}` command (or a `bulk` of them, in order, stopping at the first error). */
async function runCommand(
  endpoint: AdminEndpoint,
  body: unknown,
  context: Omit<AdminCommandContext, 'request' | 'path'>,
  path = '$',
): Promise<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HasuraError('parse-failed', `expected Object, but encountered ${jsonKind(body)}`, path);
  const request = body as Record<string, unknown>;
  const type = request.type;
  if (typeof type !== 'string') throw new HasuraError('parse-failed', `key "type" not found`, path);
  if (type === 'bulk') {
    // Hasura nests bulks; here a bulk holds commands only, and a bounded number of them (review F6).
    if (path !== '$')
      throw new HasuraError(
        'not-supported',
        'a bulk inside a bulk is not supported by this engine: put its commands in the outer bulk',
        path,
      );
    if (!Array.isArray(request.args))
      throw new HasuraError(
        'parse-failed',
        `expected Array, but encountered ${jsonKind(request.args)}`,
        `${path}.args`,
      );
    if (request.args.length > MAX_BULK_ITEMS)
      throw new HasuraError(
        'bad-request',
        `a bulk may hold at most ${MAX_BULK_ITEMS} commands; this one has ${request.args.length}: split it`,
        `${path}.args`,
      );
    const out: unknown[] = [];
    for (const [index, item] of request.args.entries())
      out.push(await runCommand(endpoint, item, context, `${path}.args[${index}]`));
    return out;
  }
  const command = Object.hasOwn(endpoint.commands, type) ? endpoint.commands[type] : undefined;
  if (!command)
    throw (
      endpoint.refuse?.(type, path) ??
      new HasuraError(
        'not-supported',
        `the ${endpoint.path} type "${type}" is not supported by this engine (see SUPPORT.md)`,
        path,
      )
    );
  try {
    return await command(request.args ?? {}, { ...context, request, path });
  } catch (error) {
    throw endpoint.placesErrors ? error : under(path, error);
  }
}

function jsonKind(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  return (
    ({ string: 'String', number: 'Number', boolean: 'Boolean', object: 'Object' } as Record<string, string>)[
      typeof value
    ] ?? 'Null'
  );
}

/** Authenticates (admin only), runs the body's command and answers in Hasura's shape. */
export async function handleAdminRequest(
  core: EngineCore,
  endpoint: AdminEndpoint,
  headers: Headers,
  body: unknown,
): Promise<AdminAnswer> {
  try {
    const session = await adminSession(core, headers);
    return { status: 200, body: await runCommand(endpoint, body, { core, session, headers }) };
  } catch (error) {
    return adminError(error);
  }
}
