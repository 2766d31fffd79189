import { createHash } from 'node:crypto';
import pg from 'pg';
import type { FieldPlan, Plan, StatementRunner } from '../compile/plan.ts';
import { HasuraError } from '../errors.ts';
import { type Compiled, encodeVariable, type ParamSource } from '../sql/sql.ts';
import { isConnectionLoss, mapPgError } from './pg-errors.ts';
import { UserSlots } from './user-slots.ts';

/** The acting session: role and lower-cased `x-hasura-*` variables. */
export interface Session {
  role: string;
  vars: Record<string, string>;
  /** Authenticated with the admin secret (or no secret configured): sees internal error details. */
  adminAuth: boolean;
  backendOnly: boolean;
  /** JWT expiry (ms since epoch), for closing sockets. */
  expiresAt?: number;
  /**
   * Who the session's user is, for the per-user share of the database: the verified token's (or
   * the admin secret's trusted caller's) x-hasura-user-id. Unset for anonymous requests.
   */
  user?: string;
}

/**
 * The line a request's statements wait in (`UserSlots`): its user, else its client address (an
 * anonymous request; the gateway sets X-Forwarded-For from its own socket). None for the admin
 * and for backends that use the admin secret without naming a user: they are not limited.
 */
export function userKey(session: Session, headers: Record<string, string | undefined>): string | undefined {
  if (session.role === 'admin') return undefined;
  if (session.user !== undefined) return `user:${session.user}`;
  if (session.adminAuth) return undefined;
  const forwarded = headers['x-forwarded-for']?.split(',')[0]?.trim();
  return `client:${forwarded ?? ''}`;
}

/** A request's statements not yet started when one of them failed: they are not sent. */
interface RequestState {
  failed: boolean;
}

/** Values for `$1..$n` from constants, request variables, session variables and runtime values. */
export function bindParams(
  params: ParamSource[],
  variables: Record<string, unknown>,
  session: Record<string, string>,
  runtime?: Record<string, string | null>,
): Array<string | null> {
  return params.map((p) => {
    switch (p.kind) {
      case 'const':
        return p.value;
      case 'var':
        return encodeVariable(variables[p.name], p.encode);
      case 'session': {
        if (p.name === '*') return JSON.stringify(session);
        const v = session[p.name];
        if (v === undefined) throw new HasuraError('not-found', `missing session variable: "${p.name}"`);
        return v;
      }
      default:
        return runtime?.[p.name] ?? null;
    }
  });
}

const SET_USER = "SELECT set_config('hasura.user', $1, true)";

/** How long a request waits for a connection (a new one, or a free one of a busy pool). */
const CONNECT_TIMEOUT_MS = 5000;

/** One statement as the executor sends it (see `EngineCore.compile`). */
export interface SentStatement {
  sql: string;
  /** Bound values of `$1..$n` (text, as sent); runtime values are null. */
  params: Array<string | null>;
  /** Prepared-statement name it is sent under (once it repeats, for statements named by use). */
  name?: string;
  /** Parameters filled while the field runs from an earlier statement's result (written rows). */
  runtime?: string[];
}

const BEGIN = {
  'read-committed': 'BEGIN ISOLATION LEVEL READ COMMITTED',
  'repeatable-read': 'BEGIN ISOLATION LEVEL REPEATABLE READ',
  serializable: 'BEGIN ISOLATION LEVEL SERIALIZABLE',
} as const;

/** Runs plans on a pool: queries field by field, mutations in one transaction with `hasura.user` set. */
export class Executor {
  readonly pool: pg.Pool;
  /** Each user's share of the pool. */
  readonly slots: UserSlots;
  private readonly databaseUrl: string;
  /** The health check's own connection: never queued behind the pool's requests. */
  private health: Promise<pg.Client> | undefined;
  /**
   * Use named prepared statements for compiled queries (saves PostgreSQL parse/plan time);
   * statements marked `customPlan` (pattern filters) are always sent unnamed.
   */
  prepare = process.env.ENGINE_PREPARED_STATEMENTS !== 'false';
  /** Debug/golden hook: every statement with its bound values. */
  onStatement?: (text: string, values: unknown[], params: ParamSource[]) => void;

  constructor(
    databaseUrl: string,
    max = 20,
    /** The source's `isolation_level` (read-committed, repeatable-read, serializable). */
    private readonly isolation: 'read-committed' | 'repeatable-read' | 'serializable' = 'read-committed',
    /** PostgreSQL's statement_timeout for every connection (the time limit); none when undefined. */
    statementTimeoutMs?: number,
    /** Statements one user may run at once (see `UserSlots`); unlimited when undefined. */
    userStatements?: number,
  ) {
    this.databaseUrl = databaseUrl;
    this.slots = new UserSlots(userStatements);
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max,
      // An unreachable database (or a pool busy for this long) answers 503 instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    });
    // A broken idle connection must not crash the process; the pool drops it.
    this.pool.on('error', () => {});
  }

  /** How often each unnamed statement text ran: repeated ones get prepared too (bounded). */
  private readonly seen = new Map<string, string | number>();

  /** A prepared-statement name once a text has run before; one-off statements stay unnamed. */
  private hotName(text: string): string | undefined {
    const entry = this.seen.get(text);
    if (typeof entry === 'string') return entry;
    if (entry === undefined) {
      if (this.seen.size >= 5000) this.seen.clear();
      this.seen.set(text, 1);
      return undefined;
    }
    const name = `h_${createHash('sha1').update(text).digest('base64url')}`;
    this.seen.set(text, name);
    return name;
  }

  /**
   * The prepared-statement name a statement is sent under: its own (query root fields), or, for
   * other statements, a name once the same text has run before (`peek`: the name it will have
   * once it repeats, without counting a run). None when prepared statements are off or the
   * statement must be planned with its values (`customPlan`).
   */
  statementName(statement: Compiled, peek = false): string | undefined {
    if (!this.prepare || statement.customPlan) return undefined;
    if (statement.name) return statement.name;
    if (!peek) return this.hotName(statement.text);
    const entry = this.seen.get(statement.text);
    return typeof entry === 'string'
      ? entry
      : `h_${createHash('sha1').update(statement.text).digest('base64url')}`;
  }

  /** A statement as it would be sent for a request: text, bound values, prepared-statement name. */
  describe(
    statement: Compiled,
    variables: Record<string, unknown>,
    session: Session,
    runtime?: Record<string, string | null>,
  ): SentStatement {
    const values = bindParams(statement.params, variables, session.vars, runtime);
    const name = this.statementName(statement, true);
    const late = statement.params.flatMap((p) => (p.kind === 'runtime' ? [p.name] : []));
    return {
      sql: statement.text,
      params: values,
      ...(name ? { name } : {}),
      ...(late.length ? { runtime: late } : {}),
    };
  }

  /**
   * A mutation of one field whose one statement is atomic on its own (sets hasura.user itself,
   * no check to evaluate after the write) runs without BEGIN/COMMIT: a single statement is its
   * own transaction, and two round trips are saved. Only under read committed, where the implicit
   * transaction has the same isolation as the explicit one would.
   */
  singleStatement(plan: Plan): boolean {
    const [only, ...rest] = plan.fields;
    return (
      this.isolation === 'read-committed' && !rest.length && only?.kind === 'mutation' && only.atomic === true
    );
  }

  /** The statements a mutation's transaction opens with, before its fields' statements. */
  transactionStart(plan: Plan, session: Session): SentStatement[] {
    if (this.singleStatement(plan)) return [];
    const begin: SentStatement = { sql: BEGIN[this.isolation], params: [] };
    // Updates and deletes set hasura.user in their own statement (one round trip less).
    const first = plan.fields[0];
    if (first?.kind === 'mutation' && first.setsUser) return [begin];
    const user = JSON.stringify({ ...session.vars, 'x-hasura-role': session.role });
    return [begin, { sql: SET_USER, params: [user], ...(this.prepare ? { name: 'engine_set_user' } : {}) }];
  }

  /**
   * Runs statements for a request. On the pool (`key` given), each statement waits for one of its
   * user's slots first; on a checked-out client (a transaction) the slot is already held.
   */
  private runner(
    client: pg.Pool | pg.PoolClient,
    variables: Record<string, unknown>,
    session: Session,
    key?: string,
    state?: RequestState,
  ): StatementRunner {
    const send = async (statement: Compiled, runtime?: Record<string, string | null>) => {
      // Another field of the request failed while this one waited: its answer is an error anyway.
      if (state?.failed)
        throw new HasuraError('unexpected', 'cancelled: another field of the request failed');
      const values = bindParams(statement.params, variables, session.vars, runtime);
      this.onStatement?.(statement.text, values, statement.params);
      try {
        const name = this.statementName(statement);
        const result = await client.query(
          name ? { name, text: statement.text, values } : { text: statement.text, values },
        );
        return result.rows;
      } catch (error) {
        throw mapPgError(error, statement.text);
      }
    };
    return {
      run: (statement, runtime) =>
        client === this.pool ? this.slots.run(key, () => send(statement, runtime)) : send(statement, runtime),
    };
  }

  /**
   * Executes a query plan; returns the JSON text of each field by alias. Query fields are one
   * statement when the plan combined them, else they run in parallel, at most the user's share at
   * once (`key`, see `userKey`).
   */
  async query(
    plan: Plan,
    variables: Record<string, unknown>,
    session: Session,
    other: (f: FieldPlan, runner: StatementRunner) => Promise<string>,
    key?: string,
  ): Promise<string[]> {
    const state: RequestState = { failed: false };
    const runner = this.runner(this.pool, variables, session, key, state);
    // Every query field in one statement when the plan has one (column f<i> for the i-th).
    const together = plan.combined ? runner.run(plan.combined).then(([row]) => row ?? {}) : undefined;
    let queries = 0;
    return Promise.all(
      plan.fields.map(async (f) => {
        try {
          if (f.kind === 'static') return f.json;
          if (f.kind === 'query') {
            const column = `f${queries++}`;
            const row = together ? await together : ((await runner.run(f.statement))[0] ?? {});
            return ((together ? row[column] : row.root) as string | null) ?? 'null';
          }
          return await other(f, runner);
        } catch (error) {
          state.failed = true;
          throw error;
        }
      }),
    );
  }

  /** Executes a mutation plan: every field in order inside one transaction (one of the user's slots). */
  async mutation(
    plan: Plan,
    variables: Record<string, unknown>,
    session: Session,
    other: (f: FieldPlan, runner: StatementRunner) => Promise<string>,
    key?: string,
  ): Promise<string[]> {
    // Actions run outside any transaction (like Hasura): a mix is executed field by field.
    if (plan.fields.some((f) => f.kind === 'action')) {
      const out: string[] = [];
      for (const f of plan.fields) {
        if (f.kind === 'action') out.push(await other(f, this.runner(this.pool, variables, session, key)));
        else out.push(...(await this.mutation({ ...plan, fields: [f] }, variables, session, other, key)));
      }
      return out;
    }
    if (this.singleStatement(plan)) {
      const only = plan.fields[0] as Extract<FieldPlan, { kind: 'mutation' }>;
      return [await only.run(this.runner(this.pool, variables, session, key))];
    }
    return this.slots.run(key, () => this.transaction(plan, variables, session, other));
  }

  private async transaction(
    plan: Plan,
    variables: Record<string, unknown>,
    session: Session,
    other: (f: FieldPlan, runner: StatementRunner) => Promise<string>,
  ): Promise<string[]> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw mapPgError(error);
    }
    let broken = false;
    // A connection dropped while checked out emits 'error' on the client; without a listener that
    // would crash the process. The failing query reports it anyway.
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      for (const st of this.transactionStart(plan, session))
        await client.query(
          st.name ? { name: st.name, text: st.sql, values: st.params } : { text: st.sql, values: st.params },
        );
      const runner = this.runner(client, variables, session);
      const out: string[] = [];
      for (const f of plan.fields) {
        if (f.kind === 'static') out.push(f.json);
        else if (f.kind === 'mutation') out.push(await f.run(runner));
        else out.push(await other(f, runner));
      }
      await client.query('COMMIT');
      return out;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      // BEGIN, the session statement and COMMIT are sent here, not through the runner.
      throw isConnectionLoss(error) ? mapPgError(error) : error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * True when the database answers `SELECT 1` (the health check), on a connection of its own:
   * a pool full of one user's statements must not make the engine look down.
   */
  async reachable(): Promise<boolean> {
    if (!this.health) this.health = this.connectHealth();
    const connecting = this.health;
    try {
      await (await connecting).query('SELECT 1');
      return true;
    } catch {
      if (this.health === connecting) this.health = undefined;
      void connecting.then((client) => client.end()).catch(() => {});
      return false;
    }
  }

  /** A new connection for the health check; a broken one is replaced at the next check. */
  private connectHealth(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    const connected = client.connect().then(() => client);
    client.on('error', () => {
      if (this.health === connected) this.health = undefined;
    });
    return connected;
  }

  async close() {
    const health = this.health;
    this.health = undefined;
    await Promise.all([this.pool.end(), health?.then((client) => client.end()).catch(() => {})]);
  }
}
