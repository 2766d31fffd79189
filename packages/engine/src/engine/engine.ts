import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type InconsistentObject,
  resolveMetadata,
  UnsupportedMetadataError,
} from '../admin-api/metadata-inconsistency.ts';
import { type AuthConfig, Authenticator, type Headers } from '../auth/authenticate.ts';
import { tableKey } from '../catalog/introspect.ts';
import type { FieldPlan, Plan, StatementRunner } from '../compile/plan.ts';
import { errorBody, HasuraError, validationError } from '../errors.ts';
import { Executor, type SentStatement, type Session, userKey } from '../exec/executor.ts';
import { liveStatement } from '../live/poller.ts';
import { qualifiedTable } from '../metadata/check.ts';
import { loadMetadataDirectory, type RawMetadata } from '../metadata/load.ts';
import { connectionSettings, type DatabaseState, readDatabase } from '../metadata/load-model.ts';
import { buildModel } from '../metadata/model.ts';
import type { Model } from '../model/types.ts';
import { loadProject } from '../project/project.ts';
import { buildRoleSchema, type RoleSchema } from '../schema/build.ts';
import { ApiLimits, type ApiLimitsMetadata, type LimitOptions } from './api-limits.ts';
import { MAX_QUERY_NESTING, PlanCache } from './plan-cache.ts';
import { PlanningShare } from './planning-share.ts';

/** Options of an in-process engine (the server reads them from HASURA_GRAPHQL_* env). */
export interface EngineOptions {
  /** Hasura project directory (config.yaml, metadata/). */
  projectDir: string;
  databaseUrl: string;
  adminSecret?: string;
  /** HASURA_GRAPHQL_JWT_SECRET as JSON text or object. */
  jwtSecret?: string | AuthConfig['jwt'];
  unauthorizedRole?: string;
  enableConsole?: boolean;
  /** Live query refetch interval in ms (default 1000). */
  refetchIntervalMs?: number;
  /** HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE (seconds, default 5). */
  wsKeepaliveSeconds?: number;
  /** HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT (seconds, default 3). */
  wsInitTimeoutSeconds?: number;
  /** HASURA_GRAPHQL_CORS_DOMAIN: allowed origins (comma-separated, `*` wildcards); all when unset. */
  corsDomain?: string;
  /** Subscriber cohorts per live-query statement (default 1000; Hasura's default is 100). */
  liveBatchSize?: number;
  /** Max request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Limits for every role but admin (depth, nodes, aliases, batch size, statement time, introspection
   * size); each wins over api_limits.yaml and the engine's defaults, and 0 switches it off.
   */
  limits?: LimitOptions;
  /** Environment for `{{ENV}}` templates and `*_from_env` (default process.env). */
  env?: NodeJS.ProcessEnv;
  poolSize?: number;
  /**
   * Start even when some metadata objects do not match the database (ENGINE_ALLOW_INCONSISTENT_METADATA):
   * those objects are left out and reported by `get_inconsistent_metadata`, as Hasura does. Off by
   * default: the engine refuses to start on inconsistent metadata.
   */
  allowInconsistentMetadata?: boolean;
}

/**
 * The metadata an engine serves: what the metadata directory says (less what
 * `drop_inconsistent_metadata` dropped), the part of it the model was built from, the objects left
 * out, and a version that grows with every swap (`resource_version`).
 */
export interface ServedMetadata {
  /** The metadata directory it was read from. */
  dir: string;
  /** The metadata as read (what `export_metadata` answers). */
  raw: RawMetadata;
  /** The consistent part the model was built from. */
  served: RawMetadata;
  inconsistent: InconsistentObject[];
  resourceVersion: number;
  /** The catalogue (and enum rows) the model was checked against. */
  database: DatabaseState;
}

/** What `reload_metadata` answers. */
export interface ReloadResult {
  message: 'success';
  is_consistent: boolean;
  inconsistent_objects?: InconsistentObject[];
}

/** A GraphQL-over-HTTP request body. */
export interface GraphQLRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

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
   * executor sends with their bound values and prepared-statement names. Query fields have one
   * statement each (run in parallel, each on its own pooled connection); mutation fields run in
   * order inside one transaction (`transaction.begin` … fields … `transaction.commit`);
   * subscriptions are polled as one multiplexed statement (`live`). Throws `HasuraError` like
   * `execute` reports it (validation, permissions).
   */
  compile(session: Session, body: GraphQLRequest): CompiledRequest {
    const req = parseRequest(body);
    const plan = this.plan(session, req);
    const ex = this.executor;
    const fields = plan.fields.map((f): CompiledField => {
      if (f.kind === 'static') return { field: f.alias, kind: 'static', statements: [] };
      if (f.kind === 'query')
        return {
          field: f.alias,
          kind: 'query',
          statements: [ex.describe(f.statement, req.variables, session)],
        };
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
      const values =
        plan.operation === 'mutation'
          ? await this.executor.mutation(plan, req.variables, session, other, key)
          : await this.executor.query(plan, req.variables, session, other, key);
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

/**
 * Loads the project, checks metadata against the database and prepares the engine core. Strict
 * by default (any problem stops the start); with `allowInconsistentMetadata` the inconsistent
 * objects are left out and reported instead.
 */
export async function loadEngineCore(options: EngineOptions): Promise<EngineCore> {
  const project = loadProject(options.projectDir);
  const metadataDir = project.metadataDir;
  if (!existsSync(path.join(metadataDir, 'version.yaml')))
    throw new Error(`no Hasura metadata in ${metadataDir}`);
  const raw = loadMetadataDirectory(metadataDir);
  const database = await readDatabase(raw, options.databaseUrl);
  const resolved = options.allowInconsistentMetadata
    ? resolveMetadata(raw, database)
    : { model: buildModel(raw, database.catalogs, database.enumRows), served: raw, inconsistent: [] };
  const { model } = resolved;
  const connection = connectionSettings(raw);
  const jwt = typeof options.jwtSecret === 'string' ? JSON.parse(options.jwtSecret) : options.jwtSecret;
  const auth = new Authenticator({
    adminSecret: options.adminSecret || undefined,
    jwt,
    unauthorizedRole: options.unauthorizedRole || undefined,
  });
  const limits = new ApiLimits((resolved.served.api_limits ?? {}) as ApiLimitsMetadata, options.limits);
  const poolSize = options.poolSize ?? connection.maxConnections ?? 20;
  const userStatements = limits.userStatements();
  return new EngineCore(
    model,
    new Executor(
      options.databaseUrl,
      poolSize,
      connection.isolation,
      limits.statementTimeoutMs(),
      // One user never holds more than half the pool, however small it is.
      userStatements === undefined
        ? undefined
        : Math.min(userStatements, Math.max(1, Math.floor(poolSize / 2))),
    ),
    auth,
    options,
    limits,
    {
      dir: metadataDir,
      raw,
      served: resolved.served,
      inconsistent: resolved.inconsistent,
      resourceVersion: 1,
      database,
    },
  );
}
