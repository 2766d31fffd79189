import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, type Engine } from '@portal/engine';
import pg from 'pg';
import { openScaleDatabase, PROJECT_DIR, REPO_ROOT } from '../data/scale-database.ts';
import { benchQueries } from '../engine/queries.ts';
import { RawSql, type ReplaySession } from '../engine/raw-sql.ts';
import { pickParams } from '../engine/run-engine-bench.ts';
import { BENCH_STACK_SECRETS, type StackProcess, startBenchStack } from '../fairness/stack-process.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { type LoadFigures, runHttp, runRawSql } from './drivers.ts';

/**
 * `npm run bench -- load`: the practice list, the assessment read and a mix with a mutation
 * through the gateway of the stack as `npm start` runs it, at 50, 100 and 200 connections, beside
 * the same SQL sent straight to PostgreSQL at the same concurrency (the limit). Target: p95 under
 * 250 ms at 200 connections.
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/load.json');
export const LOAD_TARGET = { p95_ms: 250, connections: 200 } as const;
const ADMIN_SECRET = BENCH_STACK_SECRETS.adminSecret;
/** Connections PostgreSQL keeps for others (the stack's engine and actions pools, superusers). */
const RESERVED_CONNECTIONS = 40;

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

/** A workload: its requests in turn per connection (`at(connection, turn)`). */
interface Workload {
  name: string;
  title: string;
  steps: Array<(connection: number, turn: number) => GraphqlRequest>;
}

function workloads(params: Awaited<ReturnType<typeof pickParams>>): Workload[] {
  const q = Object.fromEntries(benchQueries(params).map((b) => [b.name, b.engine]));
  const fixed = (name: string) => () => ({ query: q[name]!.query, variables: q[name]!.variables(0) });
  // Each connection updates a practice of its own (no two wait on one row's lock), flipping is_amds.
  const update = (connection: number, turn: number) => ({
    query: q.update!.query,
    variables: { id: params.liveIds[connection % params.liveIds.length]!, value: turn % 2 === 0 },
  });
  return [
    { name: 'list', title: 'practice list (25 rows + count + networks)', steps: [fixed('list')] },
    { name: 'assessment', title: 'assessment read (survey, its responses)', steps: [fixed('assessment')] },
    {
      name: 'mix',
      title: 'list, assessment read and a single-row update in turn',
      steps: [fixed('list'), fixed('assessment'), update],
    },
  ];
}

/** The engine's statements for a request (`engine.compile`), cached by request. */
function compiler(engine: Engine) {
  const cache = new Map<string, ReplaySession[]>();
  return async (request: GraphqlRequest) => {
    const key = JSON.stringify(request);
    let sessions = cache.get(key);
    if (!sessions) {
      sessions = RawSql.sessions(await engine.compile(request, { 'x-hasura-admin-secret': ADMIN_SECRET }));
      cache.set(key, sessions);
    }
    return sessions;
  };
}

interface Row {
  connections: number;
  engine: LoadFigures;
  raw_sql: LoadFigures & { pool: number };
  /** engine p95 / raw-SQL p95. */
  p95_ratio: number;
}

function printTable(results: Array<{ name: string; rows: Row[] }>) {
  console.log(
    `\nworkload     conns | engine req/s   p95 ms | raw SQL req/s   p95 ms | p95 target < ${LOAD_TARGET.p95_ms} ms at ${LOAD_TARGET.connections}`,
  );
  for (const w of results)
    for (const r of w.rows) {
      const verdict =
        r.connections === LOAD_TARGET.connections
          ? r.engine.p95_ms < LOAD_TARGET.p95_ms
            ? 'met'
            : 'MISSED'
          : '';
      console.log(
        `${w.name.padEnd(12)} ${String(r.connections).padStart(5)} | ${String(r.engine.rps).padStart(12)} ${String(r.engine.p95_ms).padStart(8)} | ` +
          `${String(r.raw_sql.rps).padStart(13)} ${String(r.raw_sql.p95_ms).padStart(8)} | ${verdict}` +
          `${r.engine.errors || r.raw_sql.errors ? ` (errors: engine ${r.engine.errors}, raw ${r.raw_sql.errors})` : ''}`,
      );
    }
}

/** `npm run bench -- load [--connections 50,100,200] [--seconds 10] [--warmup 3] [--only list,mix] [--practices 20000] [--database-url URL] [--results FILE]`. */
export async function runLoadBench(
  argv: string[],
  options: {
    /** A running stack started by `startBenchStack` on the same database (else one is started and stopped). */ stack?: StackProcess;
  } = {},
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string', default: '50,100,200' },
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      only: { type: 'string' },
      practices: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
    strict: true,
  });
  const levels = values.connections.split(',').map(Number);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  const log = (line: string) => console.log(`bench load: ${line}`);
  const info = startRunInfo();
  const data = await openScaleDatabase(
    Number(values.practices),
    values['database-url'] ?? process.env.BENCH_DATABASE_URL,
    log,
  );
  let stack: StackProcess | undefined = options.stack;
  let engine: Engine | undefined;
  let raw: RawSql | undefined;
  try {
    const params = await pickParams(data.url);
    stack ??= await startBenchStack(data.url, log);
    // The same engine in this process, only to compile each request to its SQL (never listening).
    engine = await createEngine({
      projectDir: PROJECT_DIR,
      databaseUrl: data.url,
      adminSecret: ADMIN_SECRET,
      env: { ...process.env },
    });
    const compile = compiler(engine);
    const admin = new pg.Client({ connectionString: data.url });
    await admin.connect();
    const { rows } = await admin
      .query<{ max: number; used: number; version: string }>(
        `select current_setting('max_connections')::int as max, (select count(*)::int from pg_stat_activity) as used,
                current_setting('server_version') as version`,
      )
      .finally(() => admin.end());
    const poolLimit = Math.max(10, rows[0]!.max - rows[0]!.used - RESERVED_CONNECTIONS);
    raw = new RawSql(data.url, Math.min(poolLimit, Math.max(...levels)));
    const url = `${stack.url}/v1/graphql`;
    const headers = { 'x-hasura-admin-secret': ADMIN_SECRET };

    const chosen = workloads(params).filter((w) => !values.only || values.only.split(',').includes(w.name));
    const results = [];
    for (const w of chosen) {
      // Every request answers with data before anything is timed.
      for (const step of w.steps) {
        const request = step(0, 1);
        const answer = (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(request),
          })
        ).json()) as { data?: unknown; errors?: unknown };
        if (!answer.data || answer.errors)
          throw new Error(`${w.name}: ${JSON.stringify(answer).slice(0, 300)}`);
      }
      // The raw-SQL target's statements for every request it may send (compiled before timing).
      const sessions = new Map<string, ReplaySession[]>();
      const steps = w.steps.map(
        (step) => (connection: number, turn: number) => sessions.get(JSON.stringify(step(connection, turn)))!,
      );
      for (let c = 0; c < Math.max(...levels); c++)
        for (const step of w.steps)
          for (const turn of [1, 2, 3, 4, 5, 6]) {
            const request = step(c, turn);
            sessions.set(JSON.stringify(request), await compile(request));
          }
      const bodies = w.steps.map((step) => ({ body: (c: number, t: number) => JSON.stringify(step(c, t)) }));
      if (warmup > 0) {
        await runHttp(url, headers, bodies, levels[0]!, warmup);
        await runRawSql(raw, steps, levels[0]!, warmup);
      }
      const rowsOut: Row[] = [];
      for (const connections of levels) {
        const engineFigures = await runHttp(url, headers, bodies, connections, seconds);
        const rawFigures = await runRawSql(raw, steps, connections, seconds);
        const row: Row = {
          connections,
          engine: engineFigures,
          raw_sql: { ...rawFigures, pool: Math.min(connections, raw.pool.options.max ?? connections) },
          p95_ratio: Math.round((engineFigures.p95_ms / rawFigures.p95_ms) * 100) / 100,
        };
        rowsOut.push(row);
        log(
          `${w.name} at ${connections}: engine ${engineFigures.rps} req/s p95 ${engineFigures.p95_ms} ms; raw SQL ${rawFigures.rps} req/s p95 ${rawFigures.p95_ms} ms`,
        );
      }
      results.push({ name: w.name, title: w.title, rows: rowsOut });
    }
    printTable(results);
    const json = {
      bench: 'load',
      run: info.finish(),
      postgres: rows[0]!.version,
      practices: data.practices,
      seconds,
      warmup_seconds: warmup,
      target: LOAD_TARGET,
      how: {
        engine:
          'autocannon over HTTP/1.1 keep-alive to the gateway (/v1/graphql), admin secret, one request in flight per connection',
        raw_sql:
          "engine.compile's statements sent with pg, one loop per connection, on a pool of at most `pool` connections",
      },
      workloads: results,
    };
    mkdirSync(path.dirname(values.results), { recursive: true });
    writeFileSync(values.results, `${JSON.stringify(json, null, 2)}\n`);
    log(`wrote ${path.relative(REPO_ROOT, values.results)}`);
    return 0;
  } finally {
    await raw?.close();
    await engine?.close();
    if (!options.stack) await stack?.stop();
    await data.close();
  }
}
