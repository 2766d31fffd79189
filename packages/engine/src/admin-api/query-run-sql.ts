import { randomUUID } from 'node:crypto';
import { relative } from 'node:path';
import type pg from 'pg';
import { introspect } from '../catalog/introspect.ts';
import type { EngineCore } from '../engine/engine.ts';
import { HasuraError } from '../errors.ts';
import type { Session } from '../exec/executor.ts';
import { isConnectionLoss, mapPgError } from '../exec/pg-errors.ts';
import { loadMetadataDirectory, MetadataError, type RawMetadata } from '../metadata/load.ts';
import { enumRows } from '../metadata/load-model.ts';
import { buildModel } from '../metadata/model.ts';
import { loadProject } from '../project/project.ts';
import { withStatus } from './admin-endpoint.ts';
import { transactionControl } from './sql-transaction-control.ts';

/** `run_sql`'s arguments (Hasura's `RunSQL`). */
export interface RunSqlArgs {
  sql: string;
  source: string;
  cascade: boolean;
  /** Absent: decided by the DDL keywords in `sql` (Hasura's heuristic). */
  check_metadata_consistency?: boolean;
  read_only: boolean;
}

/** Hasura's `RunSQLRes`: the last statement's rows as text (a header row first), or CommandOk. */
export type RunSqlResult =
  | { result_type: 'TuplesOk'; result: Array<Array<string | null>> }
  | { result_type: 'CommandOk'; result: null };

const KEYS = new Set(['sql', 'source', 'cascade', 'check_metadata_consistency', 'read_only']);

function jsonKind(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  return (
    { string: 'String', number: 'Number', boolean: 'Boolean', object: 'Object' } as Record<string, string>
  )[typeof value]!;
}

/** Reads `run_sql`'s args like Hasura's parser (`parse-failed` at the offending key). */
export function parseRunSqlArgs(args: unknown, path: string): RunSqlArgs {
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    throw new HasuraError('parse-failed', `expected Object, but encountered ${jsonKind(args)}`, path);
  const a = args as Record<string, unknown>;
  if (a.sql === undefined) throw new HasuraError('parse-failed', 'key "sql" not found', path);
  const field = <T>(key: string, type: 'string' | 'boolean', fallback: T): T => {
    const value = a[key];
    if (value === undefined || (value === null && key !== 'sql')) return fallback;
    if (typeof value !== type)
      throw new HasuraError(
        'parse-failed',
        `expected ${type === 'string' ? 'String' : 'Boolean'}, but encountered ${jsonKind(value)}`,
        `${path}.${key}`,
      );
    return value as T;
  };
  for (const key of Object.keys(a))
    if (!KEYS.has(key)) throw new HasuraError('parse-failed', `unknown key "${key}"`, `${path}.${key}`);
  const sql = field('sql', 'string', '');
  // PostgreSQL's protocol ends a query text at a NUL: what follows would be silently dropped.
  if (sql.includes('\u0000'))
    throw new HasuraError('parse-failed', 'the SQL must not contain a NUL character', `${path}.sql`);
  return {
    sql,
    source: field('source', 'string', 'default'),
    cascade: field('cascade', 'boolean', false),
    check_metadata_consistency: field<boolean | undefined>(
      'check_metadata_consistency',
      'boolean',
      undefined,
    ),
    read_only: field('read_only', 'boolean', false),
  };
}

/**
 * Whether a run may change what the metadata depends on (Hasura's
 * `isSchemaCacheBuildRequiredRunSQL`): never when read only; else `check_metadata_consistency`
 * when given; else when the SQL has one of the keywords alter, drop, replace, create function,
 * comment on (case-insensitive, whole words).
 */
export function changesSchema(args: RunSqlArgs): boolean {
  if (args.read_only) return false;
  return (
    args.check_metadata_consistency ??
    /\balter\b|\bdrop\b|\breplace\b|\bcreate\s+function\b|\bcomment\s+on\b/i.test(args.sql)
  );
}

/** Every value as PostgreSQL's text (run_sql answers strings, like Hasura). */
const AS_TEXT = { getTypeParser: () => (value: string) => value };

/** The answer of the last statement a simple-protocol query ran. */
function resultOf(result: pg.QueryResult<unknown[]> | Array<pg.QueryResult<unknown[]>>): RunSqlResult {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  if (!last?.fields?.length) return { result_type: 'CommandOk', result: null };
  const header = last.fields.map((f) => f.name);
  return {
    result_type: 'TuplesOk',
    result: [header, ...last.rows.map((row) => row.map((v) => (v === null ? null : String(v))))],
  };
}

/** Hasura's `postgres-error` for a failed run_sql: 400, `query execution failed`, the Postgres details in `internal`. */
function executionFailed(error: unknown, sql: string, path: string): HasuraError {
  if (isConnectionLoss(error)) return mapPgError(error);
  const e = error as { code?: string; message: string; detail?: string; hint?: string };
  return withStatus(
    new HasuraError('postgres-error', 'query execution failed', path, {
      statement: sql,
      prepared: false,
      error: {
        exec_status: 'FatalError',
        hint: e.hint ?? null,
        message: e.message,
        status_code: e.code ?? null,
        description: e.detail ?? null,
      },
      arguments: [],
    }),
    400,
  );
}

/** The metadata directory the engine serves, as loaded from its files. */
function readMetadata(core: EngineCore): RawMetadata {
  return loadMetadataDirectory(loadProject(core.options.projectDir).metadataDir);
}

/** The source name the metadata gives (the engine serves one source). */
function sourceName(raw: RawMetadata): string {
  return String((raw.sources[0] as { name?: string } | undefined)?.name ?? 'default');
}

/**
 * What no longer holds in the metadata against the catalogue a connection sees (inside the
 * run's transaction, before it commits): one `{name, reason, file}` per problem; empty when the
 * metadata still loads.
 */
async function inconsistencies(
  raw: RawMetadata,
  client: pg.ClientBase,
  projectDir: string,
): Promise<Array<{ name: string; reason: string; file: string }>> {
  const catalog = await introspect(client);
  try {
    buildModel(raw, new Map([[sourceName(raw), catalog]]), await enumRows(client, raw, catalog));
    return [];
  } catch (error) {
    const errors = error instanceof AggregateError ? error.errors : [error];
    if (!errors.every((e) => e instanceof MetadataError)) throw error;
    return (errors as MetadataError[]).map((e) => ({
      name: e.key,
      // MetadataError's message is `<file>: <key>: <reason>`.
      reason: `Inconsistent object: ${e.message.slice(e.message.indexOf(`${e.key}: `) + e.key.length + 2)}`,
      file: relative(projectDir, e.file),
    }));
  }
}

/**
 * After SQL changed the schema: the core re-reads the metadata and the catalogue and serves the
 * new model (`reload_metadata` with `reload_sources`), closing WebSockets as a reload does.
 */
export async function reloadAfterSchemaChange(core: EngineCore): Promise<void> {
  await core.reload({ reloadSources: true });
}

/** A transaction-control statement that can end run_sql's transaction. */
const TRANSACTION_CONTROL = /\b(commit|rollback|end|abort)\b/i;

/**
 * Runs `sql` like Hasura's run_sql: every statement in one transaction (simple query protocol,
 * READ ONLY when asked), `hasura.user` set to the admin's session; when the run may change the
 * schema, the metadata is checked against the catalogue inside the transaction before it
 * commits — a change that breaks the metadata is rolled back with the objects it breaks — and the
 * engine reloads its model after the commit.
 */
export async function runSql(
  core: EngineCore,
  session: Session,
  args: RunSqlArgs,
  path: string,
): Promise<RunSqlResult> {
  const raw = readMetadata(core);
  if (args.source !== sourceName(raw))
    throw new HasuraError('not-exists', `source with name "${args.source}" does not exist`, path);
  const check = changesSchema(args);
  let client: pg.PoolClient;
  try {
    client = await core.executor.pool.connect();
  } catch (error) {
    throw mapPgError(error);
  }
  // A dropped connection emits 'error' on the client; the failing query reports it anyway.
  const onError = () => {};
  client.on('error', onError);
  // `open`: the engine's transaction is open; `escaped`: the SQL ended it (a COMMIT, ROLLBACK or
  // END of its own).
  const run = { open: false, escaped: false };
  try {
    await refuseTransactionControl(client, args, path);
    await client.query(args.read_only ? 'BEGIN READ ONLY' : 'BEGIN');
    run.open = true;
    const stillOurs = await enterRunTransaction(client, session);
    // What was already inconsistent is not this run's doing (Hasura reports only new objects).
    const before = check
      ? new Set((await inconsistencies(raw, client, core.options.projectDir)).map((p) => JSON.stringify(p)))
      : undefined;
    const result = await runStatements(client, args, path, stillOurs, run);
    if (before)
      await refuseNewInconsistencies(client, {
        raw,
        before,
        args,
        path,
        projectDir: core.options.projectDir,
      });
    await client.query('COMMIT');
    run.open = false;
    if (before) await reloadAfterSchemaChange(core);
    return result;
  } catch (error) {
    if (run.open)
      try {
        await client.query('ROLLBACK');
      } catch {
        // The connection is destroyed below anyway.
      }
    // What ran outside the transaction stays: the schema may have changed, so serve what is there.
    if (run.escaped) await reloadAfterSchemaChange(core).catch(() => {});
    throw error;
  } finally {
    client.off('error', onError);
    // Never back to the pool: whatever the SQL left on its session (SET, SET ROLE, temporary
    // tables, LISTEN, PREPARE, advisory locks) must not reach the GraphQL requests that would
    // borrow the connection next.
    client.release(true);
  }
}

/**
 * Before the run: a read-only run's whole session is made read only, and SQL with transaction
 * control of its own is refused (lexed as PostgreSQL will, with the session's setting).
 */
async function refuseTransactionControl(
  client: pg.PoolClient,
  args: RunSqlArgs,
  path: string,
): Promise<void> {
  // The whole session, not only the engine's transaction, is read only: statements after a
  // COMMIT in the SQL run in transactions of their own, read only too (review F3). The
  // connection is destroyed afterwards.
  if (args.read_only) await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
  // PostgreSQL lexes the whole text before running any of it, with the session's setting.
  const standardStrings =
    (await client.query('SHOW standard_conforming_strings')).rows[0].standard_conforming_strings === 'on';
  const control = transactionControl(args.sql, { standardStrings });
  if (control)
    throw withStatus(
      new HasuraError(
        'not-supported',
        `run_sql runs the SQL in a transaction of its own: transaction control ("${control}") is not allowed; remove it`,
        path,
      ),
      400,
    );
}

/**
 * Marks the engine's open transaction, lifts the time limit and sets the admin's session; returns
 * whether the transaction still open is the engine's one (the SQL may have ended it).
 */
async function enterRunTransaction(client: pg.PoolClient, session: Session): Promise<() => Promise<boolean>> {
  // The engine's transaction, recognised after the run by its start time and a value local to it.
  const marker = randomUUID();
  const started = String(
    (
      await client.query("SELECT set_config('engine.run_sql_transaction', $1, true), now()::text AS t", [
        marker,
      ])
    ).rows[0].t,
  );
  const stillOurs = async () => {
    try {
      const row = (
        await client.query(
          "SELECT now()::text AS t, current_setting('engine.run_sql_transaction', true) AS m",
        )
      ).rows[0];
      return row.t === started && row.m === marker;
    } catch {
      // Refused: the engine's transaction is still open, aborted by the SQL's failure.
      return true;
    }
  };
  // The engine's time limit is the pool's statement_timeout; like Hasura, run_sql has none.
  await client.query('SET LOCAL statement_timeout = 0');
  await client.query("SELECT set_config('hasura.user', $1, true)", [
    JSON.stringify({ ...session.vars, 'x-hasura-role': session.role }),
  ]);
  return stillOurs;
}

/** Sends the SQL; refuses a run whose SQL ended the engine's transaction (`run.escaped` tells). */
async function runStatements(
  client: pg.PoolClient,
  args: RunSqlArgs,
  path: string,
  stillOurs: () => Promise<boolean>,
  run: { escaped: boolean },
): Promise<RunSqlResult> {
  let result: RunSqlResult;
  try {
    // No values: node-postgres sends the simple query protocol, so `sql` may hold many statements.
    result = resultOf(await client.query({ text: args.sql, rowMode: 'array', types: AS_TEXT }));
  } catch (error) {
    // Statements before the failure may have run, and committed, outside the engine's transaction.
    run.escaped = !(await stillOurs()) || TRANSACTION_CONTROL.test(args.sql);
    throw executionFailed(error, args.sql, path);
  }
  if (!(await stillOurs())) {
    run.escaped = true;
    throw withStatus(
      new HasuraError(
        'unexpected',
        "the SQL ended run_sql's transaction (COMMIT, ROLLBACK or END): the statements after it ran outside it, " +
          'each committed on its own and not checked against the metadata; the engine reloaded its metadata. ' +
          'Leave transaction control to run_sql',
        path,
      ),
      400,
    );
  }
  return result;
}

/** After the SQL, before the commit: refuses the run when the metadata has new inconsistencies. */
async function refuseNewInconsistencies(
  client: pg.PoolClient,
  run: { raw: RawMetadata; before: Set<string>; args: RunSqlArgs; path: string; projectDir: string },
): Promise<void> {
  const problems = (await inconsistencies(run.raw, client, run.projectDir)).filter(
    (p) => !run.before.has(JSON.stringify(p)),
  );
  if (problems.length)
    throw withStatus(
      new HasuraError(
        'unexpected',
        run.args.cascade
          ? 'cannot continue due to new inconsistent metadata (cascade cannot drop them: the metadata files are the source of truth, edit them first)'
          : 'cannot continue due to new inconsistent metadata',
        run.path,
        problems,
      ),
      400,
    );
}
