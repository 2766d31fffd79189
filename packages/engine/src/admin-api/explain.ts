import { getOperationAST, parse } from 'graphql';
import pg from 'pg';
import type { Headers } from '../auth/authenticate.ts';
import { STREAM_CURSOR } from '../compile/plan.ts';
import type { EngineCore } from '../engine/engine.ts';
import { type GraphQLRequest, parseRequest } from '../engine/request.ts';
import { HasuraError } from '../errors.ts';
import type { Session } from '../exec/executor.ts';
import { mapPgError } from '../exec/pg-errors.ts';
import { multiplex } from '../live/multiplex.ts';
import { type AdminAnswer, adminError, withStatus } from './admin-endpoint.ts';

/** One root field of a query's explanation (Hasura's `ExplainPlan`). */
export interface FieldExplanation {
  field: string;
  sql: string | null;
  plan: string[] | null;
}

/** A subscription's explanation: its one multiplexed statement and the cohort values it was explained with. */
export interface SubscriptionExplanation {
  sql: string;
  plan: string[];
  variables: {
    session: Record<string, string>;
    query: Record<string, unknown>;
    cursor: Record<string, unknown>;
  };
}

/** One statement to explain: its text and the values of `$1..$n` (text, as the executor sends them). */
interface Statement {
  sql: string;
  params: Array<string | null>;
}

/** `{path, error, code}` refusals of explain (Hasura: `throw400 InvalidParams`). */
const invalidParams = (message: string) => new HasuraError('invalid-params', message);

/** The session a request's `user` object describes: its `x-hasura-role` (admin when absent) and variables. */
export function explainSession(user: unknown): Session {
  if (user === undefined || user === null)
    return { role: 'admin', vars: {}, adminAuth: true, backendOnly: false };
  if (typeof user !== 'object' || Array.isArray(user))
    throw new HasuraError(
      'parse-failed',
      `expected HashMap ~Text v, but encountered ${kind(user)}`,
      '$.user',
    );
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(user)) {
    if (typeof value !== 'string')
      throw new HasuraError('parse-failed', `expected Text, but encountered ${kind(value)}`, `$.user.${key}`);
    vars[key.toLowerCase()] = value;
  }
  const role = vars['x-hasura-role'] ?? 'admin';
  return { role, vars: { ...vars, 'x-hasura-role': role }, adminAuth: true, backendOnly: false };
}

function kind(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  return (
    { string: 'String', number: 'Number', boolean: 'Boolean', object: 'Object' } as Record<string, string>
  )[typeof value]!;
}

/** The operation type a request names (`query` when the document cannot be read: compiling reports why). */
function operationType(req: { query: string; operationName: string | null }): string {
  try {
    return getOperationAST(parse(req.query), req.operationName)?.operation ?? 'query';
  } catch {
    return 'query';
  }
}

/**
 * The SQL text with each `$n` replaced by its value as a quoted literal (NULL for null), for
 * display; quoted identifiers and string literals are copied untouched.
 */
export function inlineParams(
  text: string,
  params: Array<string | null>,
  quote: (v: string) => string,
): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      for (;;) {
        if (j >= text.length) break;
        if (text[j] === c) {
          if (text[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const m = c === '$' ? /^\$(\d+)/.exec(text.slice(i, i + 12)) : null;
    if (m && !/[\w$]/.test(text[i - 1] ?? '')) {
      const n = Number(m[1]);
      const value = n >= 1 && n <= params.length ? params[n - 1] : undefined;
      out += value === undefined ? m[0] : value === null ? 'NULL' : quote(value);
      i += m[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** Runs `EXPLAIN` of each statement in one READ ONLY transaction with the session's `hasura.user`. */
async function explainStatements(
  core: EngineCore,
  session: Session,
  statements: Statement[],
): Promise<string[][]> {
  let client: pg.PoolClient;
  try {
    client = await core.executor.pool.connect();
  } catch (error) {
    throw mapPgError(error);
  }
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN READ ONLY');
    await client.query("SELECT set_config('hasura.user', $1, true)", [
      JSON.stringify({ ...session.vars, 'x-hasura-role': session.role }),
    ]);
    const plans: string[][] = [];
    for (const st of statements) {
      const text = `EXPLAIN ${st.sql}`;
      try {
        // Unnamed statement with the values bound: PostgreSQL plans it for these values (a
        // custom plan), and no value is ever spliced into the text that runs.
        const res = await client.query({ text, values: st.params, rowMode: 'array' });
        plans.push(res.rows.map((r: unknown[]) => String(r[0])));
      } catch (error) {
        throw mapPgError(error, text);
      }
    }
    return plans;
  } finally {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true;
    }
    client.off('error', onError);
    client.release(broken);
  }
}

/**
 * `POST /v1/graphql/explain` (Hasura's `Hasura.GraphQL.Explain`): the SQL a GraphQL query
 * compiles to for a role, and PostgreSQL's `EXPLAIN` of it. Admin only.
 *
 * Body: `{query: {query, variables?, operationName?}, user?: {x-hasura-role?, …session vars}}`
 * (the role falls back to admin, like Hasura). Answer for a query: one `{field, sql, plan}` per
 * root field (`sql`/`plan` null for `__typename`/introspection fields); for a subscription, one
 * `{sql, plan, variables}` for the multiplexed statement its poller sends. Mutations and action
 * fields are refused with Hasura's `invalid-params` messages.
 *
 * `EXPLAIN` (never ANALYZE: nothing is executed) runs on a pooled connection inside a READ ONLY
 * transaction that sets `hasura.user` to the explained session, with the request's values bound
 * as parameters exactly as the executor sends them; the `sql` shown has those values inlined as
 * quoted literals (display only, like Hasura's explain text), so it can be pasted into psql.
 */
export async function explain(
  core: EngineCore,
  body: unknown,
): Promise<FieldExplanation[] | SubscriptionExplanation> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HasuraError('parse-failed', `expected Object, but encountered ${kind(body)}`);
  const { query, user, is_relay } = body as { query?: unknown; user?: unknown; is_relay?: unknown };
  if (query === undefined) throw new HasuraError('parse-failed', 'key "query" not found');
  if (is_relay === true)
    throw new HasuraError(
      'not-supported',
      'the Relay API is not supported by this engine (see SUPPORT.md)',
      '$.is_relay',
    );
  const session = explainSession(user);
  const req = parseRequestAt(query);
  const type = operationType(req);
  if (type === 'mutation') throw invalidParams('only queries can be explained');
  const quote = (v: string) => pg.escapeLiteral(v);
  if (type === 'subscription') {
    const compiled = core.compile(session, query as GraphQLRequest);
    const live = compiled.live;
    // Every subscription compiles to its poller's statement; should one not, say so (review F7).
    if (!live) throw invalidParams('this subscription has no statement to explain');
    const [plan] = await explainStatements(core, session, [live]);
    return {
      sql: inlineParams(live.sql, live.params, quote),
      plan: plan!,
      variables: cohortVariables(core, session, req),
    };
  }
  // Hasura explains each root field apart: so do we, though the executor runs them as one statement.
  const compiled = core.compile(session, query as GraphQLRequest, { fieldsApart: true });
  if (compiled.fields.some((f) => f.kind === 'action'))
    throw invalidParams('query actions cannot be explained');
  const statements = compiled.fields.flatMap((f) => (f.kind === 'query' ? (f.statements ?? []) : []));
  const plans = await explainStatements(core, session, statements);
  let next = 0;
  return compiled.fields.map((f) => {
    if (f.kind !== 'query' || !f.statements?.[0]) return { field: f.field, sql: null, plan: null };
    const st = f.statements[0];
    return { field: f.field, sql: inlineParams(st.sql, st.params, quote), plan: plans[next++]! };
  });
}

/** The GraphQL request inside `query`, its errors under `$.query`. */
function parseRequestAt(query: unknown): {
  query: string;
  operationName: string | null;
  variables: Record<string, unknown>;
} {
  try {
    return parseRequest(query as GraphQLRequest);
  } catch (error) {
    if (error instanceof HasuraError)
      throw new HasuraError(error.code, error.message, error.path.replace(/^\$/, '$.query'));
    throw error;
  }
}

/** A subscription cohort's values by kind (Hasura's `{session, query, cursor}` variables). */
function cohortVariables(
  core: EngineCore,
  session: Session,
  req: { query: string; operationName: string | null; variables: Record<string, unknown> },
): SubscriptionExplanation['variables'] {
  const plan = core.plan(session, req);
  const out: SubscriptionExplanation['variables'] = { session: {}, query: {}, cursor: {} };
  for (const slot of multiplex(plan).slots) {
    if (slot.kind === 'session') {
      if (slot.name === '*') Object.assign(out.session, session.vars);
      else if (session.vars[slot.name] !== undefined) out.session[slot.name] = session.vars[slot.name]!;
    } else if (slot.kind === 'var' && slot.name !== STREAM_CURSOR)
      out.query[slot.name] = req.variables[slot.name] ?? null;
  }
  const first = plan.fields[0];
  const stream = first?.kind === 'query' ? first.stream : undefined;
  if (stream)
    out.cursor.value =
      'value' in stream.initial ? stream.initial.value : req.variables[stream.initial.variable];
  return out;
}

/** Authenticates (admin only, like Hasura's `onlyAdmin`), explains, and answers in Hasura's shape. */
export async function handleExplainRequest(
  core: EngineCore,
  headers: Headers,
  body: unknown,
): Promise<AdminAnswer> {
  try {
    const session = await core.auth.session(headers);
    if (session.role !== 'admin' || !session.adminAuth)
      // Hasura's onlyAdmin: a 400 (a wrong or missing secret is the authentication's 401).
      throw withStatus(
        new HasuraError('access-denied', 'You have to be an admin to access this endpoint'),
        400,
      );
    return { status: 200, body: await explain(core, body) };
  } catch (error) {
    return adminError(error);
  }
}
