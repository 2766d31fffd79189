/**
 * The engine core shared by HTTP, WebSocket and tests: the served model and metadata, each role's
 * schema, planning and running a request, and swapping the metadata (`reload_metadata`).
 */
import {
  type InconsistentObject,
  resolveMetadata,
  UnsupportedMetadataError,
} from '../admin-api/metadata-inconsistency.ts';
import type { Authenticator, Headers } from '../auth/authenticate.ts';
import { tableKey } from '../catalog/introspect.ts';
import type { FieldPlan, Plan, StatementRunner } from '../compile/plan.ts';
import { errorBody, HasuraError } from '../errors.ts';
import { type Executor, type Session, userKey } from '../exec/executor.ts';
import { liveStatement } from '../live/poller.ts';
import { qualifiedTable } from '../metadata/check.ts';
import { loadMetadataDirectory, type RawMetadata } from '../metadata/load.ts';
import { type DatabaseState, readDatabase } from '../metadata/load-model.ts';
import type { Model } from '../model/types.ts';
import { buildRoleSchema, type RoleSchema } from '../schema/build.ts';
import { ApiLimits, type ApiLimitsMetadata } from './api-limits.ts';
import type { EngineOptions, ReloadResult, ServedMetadata } from './options.ts';
import { PlanCache } from './plan-cache.ts';
import { PlanningShare } from './planning-share.ts';
import {
  type CompiledField,
  type CompiledRequest,
  dataBody,
  type GraphQLRequest,
  parseRequest,
} from './request.ts';

/** Runs action fields; installed by the actions client. */
export type ActionRunner = (
  f: FieldPlan,
  runner: StatementRunner,
  session: Session,
  headers: Headers,
  query: string,
  variables: Record<string, unknown>,
) => Promise<string>;

/** The engine core shared by HTTP, WebSocket and tests. */
export class EngineCore {
  private readonly schemas = new Map<string, RoleSchema>();
  plans = new PlanCache();
  /** Each user's share of the time spent compiling requests. */
  readonly planning = new PlanningShare();
  private readonly changeListeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** `get_catalog_state` / `set_catalog_state`: kept in memory (Hasura keeps them in hdb_catalog). */
  readonly catalogState: { cli_state: unknown; console_state: unknown; id: string } = {
    id: crypto.randomUUID(),
    cli_state: {},
    console_state: {},
  };
  runAction: ActionRunner = async () => {
    throw new HasuraError('not-supported', 'actions are not available');
  };
  /** Told the tables (`schema.table`) of each mutation this core committed (the live queries listen). */
  onWrite: (tables: string[]) => void = () => {};

  constructor(
    public model: Model,
    readonly executor: Executor,
    readonly auth: Authenticator,
    readonly options: EngineOptions,
    public limits: ApiLimits,
    public metadata: ServedMetadata,
  ) {}

  /** Calls `listener` after each metadata swap (the WebSocket server closes its connections). */
  onMetadataChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Replaces the model, role schemas, plan cache and limits at once: requests already planned
   * finish on the old model, every later one sees the new one.
   */
  swap(model: Model, metadata: Omit<ServedMetadata, 'resourceVersion'>): void {
    this.model = model;
    this.limits = new ApiLimits((metadata.served.api_limits ?? {}) as ApiLimitsMetadata, this.options.limits);
    this.schemas.clear();
    this.plans = new PlanCache();
    this.metadata = { ...metadata, resourceVersion: this.metadata.resourceVersion + 1 };
    for (const listener of this.changeListeners) listener();
  }

  /** Runs metadata changes one at a time. */
  exclusive<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change, change);
    this.queue = next.catch(() => {});
    return next;
  }

  /**
   * `reload_metadata`: re-reads the metadata directory and, with `reloadSources`, the database
   * catalogue, then swaps in the model built from the objects that are consistent (as Hasura
   * does: the others are reported). Metadata the engine refuses (unknown keys, unsupported
   * features, a file it cannot read) changes nothing and throws `invalid-configuration`.
   */
  reload(options: { reloadSources?: boolean } = {}): Promise<ReloadResult> {
    return this.exclusive(async () => {
      let raw: RawMetadata;
      try {
        raw = loadMetadataDirectory(this.metadata.dir);
      } catch (error) {
        throw new HasuraError('invalid-configuration', (error as Error).message);
      }
      // The catalogue read last, unless asked to re-read it (or an enum table is new: its rows are needed).
      const database =
        options.reloadSources || newEnumTables(raw, this.metadata.database)
          ? await readDatabase(raw, this.options.databaseUrl)
          : this.metadata.database;
      let resolved: ReturnType<typeof resolveMetadata>;
      try {
        resolved = resolveMetadata(raw, database);
      } catch (error) {
        if (error instanceof UnsupportedMetadataError)
          throw new HasuraError(
            'invalid-configuration',
            `the metadata in ${this.metadata.dir} cannot be served by this engine: ${error.message}`,
          );
        throw error;
      }
      this.swap(resolved.model, {
        dir: this.metadata.dir,
        raw,
        served: resolved.served,
        inconsistent: resolved.inconsistent,
        database,
      });
      return reloadResult(resolved.inconsistent);
    });
  }

  /**
   * `drop_inconsistent_metadata`: from now on the engine's metadata is the consistent part only
   * (`export_metadata` no longer shows the dropped objects). The files are not changed.
   */
  dropInconsistent(): Promise<void> {
    return this.exclusive(async () => {
      if (!this.metadata.inconsistent.length) return;
      this.swap(this.model, { ...this.metadata, raw: this.metadata.served, inconsistent: [] });
    });
  }

  /** The schema of a role (built once, then cached). */
  schemaFor(role: string, backendOnly = false): RoleSchema {
    const key = `${role}\u0000${backendOnly}`;
    let s = this.schemas.get(key);
    if (!s) {
      s = buildRoleSchema(this.model, role, backendOnly);
      this.schemas.set(key, s);
    }
    return s;
  }

  /** Compiles (or fetches) the plan of a request for a session; completes `req.variables` with defaults. */
  plan(
    session: Session,
    req: { query: string; operationName?: string | null; variables: Record<string, unknown> },
  ): Plan {
    const { plan, variables } = this.plans.get(
      this.schemaFor(session.role, session.backendOnly),
      req.query,
      req.operationName,
      req.variables,
      this.limits.forRole(session.role),
    );
    req.variables = variables;
    return plan;
  }

  /**
   * `plan`, in the user's turn (`PlanningShare`): a user who has spent more than their share of
   * the event loop on compiling waits first (the admin never does); the time taken is charged.
   */
  async planInTurn(
    session: Session,
    req: { query: string; operationName?: string | null; variables: Record<string, unknown> },
    headers: Headers,
  ): Promise<Plan> {
    return this.planning.run(userKey(session, headers), () => this.plan(session, req));
  }

  /**
   * The SQL a request compiles to, without running it: per root field, the statements the
   * executor sends with their bound values and prepared-statement names. A query's fields are
   * one statement, listed on its first query field (column `f<i>` for the i-th), unless one of
   * them must be planned with its values: then each has its own, run in parallel (`fieldsApart`:
   * each field's own statement, as the explain API shows them); mutation fields run in
   * order inside one transaction (`transaction.begin` … fields … `transaction.commit`);
   * subscriptions are polled as one multiplexed statement (`live`). Throws `HasuraError` like
   * `execute` reports it (validation, permissions).
   */
  compile(session: Session, body: GraphQLRequest, options: { fieldsApart?: boolean } = {}): CompiledRequest {
    const req = parseRequest(body);
    const plan = this.plan(session, req);
    const ex = this.executor;
    const combined = options.fieldsApart ? undefined : plan.combined;
    let queries = 0;
    const fields = plan.fields.map((f): CompiledField => {
      if (f.kind === 'static') return { field: f.alias, kind: 'static', statements: [] };
      if (f.kind === 'query') {
        // Combined query fields: the first carries the one statement that answers them all.
        const statement = combined ? (queries++ === 0 ? combined : undefined) : f.statement;
        return {
          field: f.alias,
          kind: 'query',
          statements: statement ? [ex.describe(statement, req.variables, session)] : [],
        };
      }
      if (f.kind === 'mutation')
        return {
          field: f.alias,
          kind: 'mutation',
          statements: f.statements?.map((s) => ex.describe(s, req.variables, session)) ?? null,
        };
      return { field: f.alias, kind: 'action', statements: null };
    });
    const out: CompiledRequest = { operation: plan.operation, fields };
    if (plan.operation === 'mutation' && !plan.fields.some((f) => f.kind === 'action'))
      out.transaction = ex.singleStatement(plan)
        ? { begin: [], commit: [] }
        : { begin: ex.transactionStart(plan, session), commit: [{ sql: 'COMMIT', params: [] }] };
    if (plan.operation === 'subscription')
      out.live = liveStatement(plan, req.variables, { ...session.vars }, ex.prepare);
    return out;
  }

  /** Executes one GraphQL request for a session; returns the response body as JSON text. */
  async execute(
    session: Session,
    body: GraphQLRequest,
    headers: Headers = {},
    transport: 'http' | 'ws' = 'http',
  ): Promise<string> {
    try {
      const req = parseRequest(body);
      const plan = await this.planInTurn(session, req, headers);
      if (plan.operation === 'subscription' && transport === 'http')
        throw new HasuraError(
          'unexpected-payload',
          'subscriptions are not supported over HTTP, use websockets instead',
        );
      const other = (f: FieldPlan, runner: StatementRunner) =>
        this.runAction(f, runner, session, headers, req.query, req.variables);
      const key = userKey(session, headers);
      if (plan.operation !== 'mutation')
        return dataBody(plan, await this.executor.query(plan, req.variables, session, other, key));
      const values = await this.executor.mutation(plan, req.variables, session, other, key);
      this.onWrite(plan.fields.flatMap((f) => (f.kind === 'mutation' ? [f.writes] : [])));
      return dataBody(plan, values);
    } catch (error) {
      return errorBody(error, session.role === 'admin');
    }
  }

  /** Operations a batch may have for the session the headers give; undefined when unlimited. */
  async batchLimit(headers: Headers): Promise<number | undefined> {
    try {
      return this.limits.forRole((await this.auth.session(headers)).role).maxBatch;
    } catch {
      // Each operation of the batch then reports the authentication error itself.
      return undefined;
    }
  }

  /** Authenticates headers, then executes. */
  async handle(headers: Headers, body: GraphQLRequest): Promise<string> {
    let session: Session;
    try {
      session = await this.auth.session(headers);
    } catch (error) {
      return errorBody(error, false);
    }
    return this.execute(session, body, headers);
  }
}

/** Whether the metadata marks a table `is_enum` whose rows were not read with the catalogue. */
function newEnumTables(raw: RawMetadata, database: DatabaseState): boolean {
  const source = raw.sources[0] as { tables?: Array<{ table?: unknown; is_enum?: unknown }> } | undefined;
  return (source?.tables ?? []).some((entry) => {
    if (entry?.is_enum !== true) return false;
    const name = qualifiedTable(entry.table);
    return !!name && !database.enumRows.has(tableKey(name.schema, name.name));
  });
}

/** `reload_metadata`'s answer for the objects left out. */
function reloadResult(inconsistent: InconsistentObject[]): ReloadResult {
  return inconsistent.length
    ? { message: 'success', is_consistent: false, inconsistent_objects: inconsistent }
    : { message: 'success', is_consistent: true };
}
