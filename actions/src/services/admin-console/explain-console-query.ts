import { ADMIN_CONSOLE_ROLE } from '@portal/domain';
import type { Queryable } from '../../plugins/app/db.ts';
import { checkConsoleOperation } from './check-console-operation.ts';
import {
  type ConsoleAnswer,
  type ConsoleEngine,
  type ConsoleGraphQLRequest,
  checkConsoleCaller,
  postToEngine,
} from './forward-console-request.ts';

/** Hasura's explain request: the operation, and the session to plan it for. */
export interface ConsoleExplainRequest {
  query: ConsoleGraphQLRequest;
  /** Session variables (`x-hasura-role`, `x-hasura-user-id`, …), keys in lower case. */
  user: Record<string, string>;
}

/**
 * The console's Explain view: the same gate and operation checks as the console's GraphQL
 * requests, then the engine's `POST /v1/graphql/explain` (Hasura's shape: `{query, user}` in,
 * `[{field, sql, plan}]` out), passed on as it is. The role explained defaults to the console's
 * own (`ADMIN_CONSOLE_ROLE`); another of `ADMIN_CONSOLE_EXPLAIN_ROLES` (admin among them) may be
 * asked for, since the engine only plans the SQL for that role and session, never runs it.
 */
export async function explainConsoleQuery(
  db: Queryable,
  engine: ConsoleEngine,
  userId: number,
  request: ConsoleExplainRequest,
): Promise<ConsoleAnswer> {
  const adminSecret = await checkConsoleCaller(db, engine, userId);
  checkConsoleOperation(request.query);
  const user = { 'x-hasura-role': ADMIN_CONSOLE_ROLE, ...request.user };
  // The explain endpoint is the engine's admin API (Hasura's too): it answers the admin role only,
  // and plans, never runs, the query for the session in `user`.
  return postToEngine(
    `${engine.graphqlUrl.replace(/\/+$/, '')}/explain`,
    adminSecret,
    userId,
    {
      query: {
        query: request.query.query,
        variables: request.query.variables ?? undefined,
        operationName: request.query.operationName ?? undefined,
      },
      user,
    },
    'admin',
  );
}
