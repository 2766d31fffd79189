import { ADMIN_CONSOLE_REFUSED_MESSAGE, ADMIN_CONSOLE_ROLE, canUseAdminConsole } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { checkConsoleOperation } from './check-console-operation.ts';

export interface ConsoleGraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface ConsoleEngine {
  /** The engine's /v1/graphql. */
  graphqlUrl: string;
  /** Its admin secret; null when the stack gave none (the console then answers 503). */
  adminSecret: string | null;
}

/** What the engine answered, passed on as it is. */
export interface ConsoleAnswer {
  status: number;
  body: string;
}

/**
 * The console's gate, before any request reaches the engine: re-reads the caller's account (an
 * active provider admin NOW, whatever the token still says) and returns the admin secret, or
 * refuses (403) or answers 503 when the server was given no secret.
 */
export async function checkConsoleCaller(
  db: Queryable,
  engine: ConsoleEngine,
  userId: number,
): Promise<string> {
  const user = await db.maybeOne<{ is_active: boolean; is_admin: boolean }>(
    sql`select is_active, is_admin from public.users where id = ${userId}`,
  );
  if (!canUseAdminConsole(user ? { isActive: user.is_active, isAdmin: user.is_admin } : null)) {
    throw new AppError('forbidden', { message: ADMIN_CONSOLE_REFUSED_MESSAGE });
  }
  if (!engine.adminSecret) {
    throw new AppError('service_unavailable', {
      message: 'The admin console is not configured on this server.',
    });
  }
  return engine.adminSecret;
}

/**
 * POSTs `body` to one of the engine's URLs as `role` with the admin's own user id, which the
 * permissions, the audit trigger (`changed_by_id`) and the database's rules on admin accounts
 * read. GraphQL goes as the console's role (`ADMIN_CONSOLE_ROLE`: the provider admin's own
 * permissions plus the console's grants, never Hasura's admin); the admin secret only lets the
 * endpoint name that role (no access token carries it), and goes to the engine and nowhere else.
 */
export async function postToEngine(
  url: string,
  adminSecret: string,
  userId: number,
  body: unknown,
  role: string = ADMIN_CONSOLE_ROLE,
): Promise<ConsoleAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hasura-admin-secret': adminSecret,
        'x-hasura-role': role,
        'x-hasura-user-id': String(userId),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new AppError('service_unavailable', { cause: error });
  }
  return { status: response.status, body: await response.text() };
}

/**
 * The admin console's one operation: checks the caller (`checkConsoleCaller`) and the operation's
 * shape, and forwards it to the engine as the console's role with the admin's own user id, so the
 * audit trigger records who made each change (`audit_log.changed_by_id`, `changed_by_role`
 * 'provider_admin_console').
 */
export async function forwardConsoleRequest(
  db: Queryable,
  engine: ConsoleEngine,
  userId: number,
  request: ConsoleGraphQLRequest,
): Promise<ConsoleAnswer> {
  const adminSecret = await checkConsoleCaller(db, engine, userId);
  checkConsoleOperation(request);
  return postToEngine(engine.graphqlUrl, adminSecret, userId, {
    query: request.query,
    variables: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
  });
}
