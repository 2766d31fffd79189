/**
 * A GraphQL request as the engine reads it and answers it: the request body and its checks
 * (Hasura's `parse-failed` errors), the `{"data": …}` body of an answer, and what `compile` reports.
 */
import type { Plan } from '../compile/plan.ts';
import { HasuraError, validationError } from '../errors.ts';
import type { SentStatement } from '../exec/executor.ts';
import { MAX_QUERY_NESTING } from './plan-cache.ts';

/** A GraphQL-over-HTTP request body. */
export interface GraphQLRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** One root field of `EngineCore.compile`. */
export interface CompiledField {
  /** The field's response key (its alias). */
  field: string;
  kind: 'query' | 'mutation' | 'action' | 'static';
  /**
   * The statements it sends, in order. Null when they are not known before running: an action
   * (its handler's answer is shaped afterwards) or a nested insert (its statements depend on the
   * rows written). A statement with `runtime` takes those parameters from an earlier one's result.
   */
  statements: SentStatement[] | null;
}

/** What `EngineCore.compile` returns. */
export interface CompiledRequest {
  operation: 'query' | 'mutation' | 'subscription';
  fields: CompiledField[];
  /**
   * Mutations: the statements around the fields, all on one connection (both empty when the
   * mutation is one statement that is atomic on its own: see `Executor.singleStatement`).
   */
  transaction?: { begin: SentStatement[]; commit: SentStatement[] };
  /** Subscriptions: the one statement each refetch tick sends for all fields (this subscriber as cohort 1). */
  live?: SentStatement;
}

/** `{"data": {...}}` from the JSON text of each root field. */
export function dataBody(plan: Plan, values: string[]): string {
  let out = '{"data":{';
  plan.fields.forEach((f, i) => {
    if (i) out += ',';
    out += `${JSON.stringify(f.alias)}:${values[i]}`;
  });
  return `${out}}}`;
}

/** Validates the request shape like Hasura (`parse-failed`). */
export function parseRequest(body: GraphQLRequest): {
  query: string;
  operationName: string | null;
  variables: Record<string, unknown>;
} {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HasuraError('parse-failed', 'expected an object for the request', '$');
  if (body.query === undefined) throw new HasuraError('parse-failed', "the key 'query' was not present", '$');
  if (typeof body.query !== 'string')
    throw new HasuraError('parse-failed', 'expected a string for the key query', '$.query');
  const variables = body.variables ?? {};
  if (typeof variables !== 'object' || Array.isArray(variables))
    throw new HasuraError('parse-failed', 'expected an object for the key variables', '$.variables');
  if (nestsDeeperThan(variables, MAX_QUERY_NESTING))
    throw validationError(`the variables nest more than ${MAX_QUERY_NESTING} levels deep`, '$.variables');
  const operationName = body.operationName ?? null;
  if (operationName !== null && typeof operationName !== 'string')
    throw new HasuraError('parse-failed', 'expected a string for the key operationName', '$.operationName');
  return { query: body.query, operationName, variables: variables as Record<string, unknown> };
}

/**
 * Whether a JSON value nests objects and arrays deeper than `limit` (the value itself is level 1),
 * found without recursion: whatever walks the value later (coercion, SQL building) recurses.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
