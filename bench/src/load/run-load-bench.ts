import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { portalToday, practiceListVariables } from '@portal/domain';
import { createEngine, type Engine } from '@portal/engine';
import { GetPracticeListQuery } from '@portal/web/practices-api/get-practice-list';
import { print } from 'graphql';
import pg from 'pg';
import { openScaleDatabase, PROJECT_DIR, REPO_ROOT } from '../data/scale-database.ts';
import { benchQueries } from '../engine/queries.ts';
import { RawSql, type ReplaySession } from '../engine/raw-sql.ts';
import { pickParams } from '../engine/run-engine-bench.ts';
import {
  BENCH_STACK_SECRETS,
  benchUserToken,
  type StackProcess,
  startBenchStack,
} from '../fairness/stack-process.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { type LoadFigures, runHttp, runRawSql } from './drivers.ts';

/**
 * `npm run bench -- load`: the practice list, the assessment read and a mix with a mutation
 * through the gateway of the stack as `npm start` runs it, at 50, 100 and 200 connections, beside
 * the same SQL sent straight to PostgreSQL at the same concurrency (the limit). Target: p95 under
 * 250 ms at 200 connections. `--replicas 1,2` runs the same through a stack with one engine and
 * actions service, then with two of each behind the gateway (STACK_REPLICAS), side by side.
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/load.json');
export const LOAD_TARGET = { p95_ms: 250, connections: 200 } as const;
const ADMIN_SECRET = BENCH_STACK_SECRETS.adminSecret;
/** Connections PostgreSQL keeps for others (the stack's engine and actions pools, superusers). */
const RESERVED_CONNECTIONS = 40;

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  /** Sent as this user (role `user`, a practice manager) instead of with the admin secret. */
  as?: number;
}

/** The app's practice list request (`GetPracticeList`), first page, no search: what a practice manager's list sends. */
const PRACTICE_LIST = print(GetPracticeListQuery);
const FIRST_PAGE = { search: '', filters: [], state: null, network: null, page: 1 };

/** Practice managers of the data set, one per connection (each sees their own practices). */
async function practiceManagers(url: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select user_id as id from public.practice_users where role = 'PM' and active
        group by user_id order by user_id limit $1`,
      [count],
    );
    if (rows.length === 0) throw new Error('the data set has no practice manager');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** A workload: its requests in turn per connection (`at(connection, turn)`). */
interface Workload {
  name: string;
  title: string;
  steps: Array<(connection: number, turn: number) => GraphqlRequest>;
}

function workloads(
  params: Awaited<ReturnType<typeof pickParams>>,
  managers: number[],
  today: string,
): Workload[] {
  const q = Object.fromEntries(benchQueries(params).map((b) => [b.name, b.engine]));
  const managerOf = (connection: number) => managers[connection % managers.length]!;
  const fixed = (name: string) => () => ({ query: q[name]!.query, variables: q[name]!.variables(0) });
  // Each connection updates a practice of its own (no two wait on one row's lock), flipping is_amds.
  const update = (connection: number, turn: number) => ({
    query: q.update!.query,
    variables: { id: params.liveIds[connection % params.liveIds.length]!, value: turn % 2 === 0 },
  });
  return [
    {
      name: 'list_pm',
      title:
        "practice list as practice managers (the app's GetPracticeList, first page; one manager per connection)",
      steps: [
        (connection) => ({
          query: PRACTICE_LIST,
          variables: practiceListVariables(FIRST_PAGE, managerOf(connection), today),
          as: managerOf(connection),
        }),
      ],
    },
    {
      name: 'list',
      title: 'practice list of every practice, searched (25 rows + count + networks; admin)',
      steps: [fixed('list')],
    },
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
      const { as, ...operation } = request;
      const role = as === undefined ? {} : { 'x-hasura-role': 'user', 'x-hasura-user-id': String(as) };
      sessions = RawSql.sessions(
        await engine.compile(operation, { 'x-hasura-admin-secret': ADMIN_SECRET, ...role }),
      );
      cache.set(key, sessions);
    }
    return sessions;
  };
}

interface Row {
  connections: number;
  /** Through the stack with the first replica count asked for (one unless `--replicas` says). */
  engine: LoadFigures;
  /** The same through each replica count asked for, in order (`--replicas`). */
  by_replicas: Array<{ replicas: number } & LoadFigures>;
  raw_sql: LoadFigures & { pool: number };
  /** engine p95 / raw-SQL p95. */
  p95_ratio: number;
}

function printTable(results: Array<{ name: string; rows: Row[] }>) {
  const counts = results[0]?.rows[0]?.by_replicas.map((r) => r.replicas) ?? [1];
  const engineHeads = counts.map((n) => `${n} replica${n === 1 ? ' ' : 's'} req/s   p95 ms`).join(' | ');
  console.log(
    `\nworkload     conns | ${engineHeads} | raw SQL req/s   p95 ms | p95 target < ${LOAD_TARGET.p95_ms} ms at ${LOAD_TARGET.connections}`,
  );
  for (const w of results)
    for (const r of w.rows) {
      // Met when the best of the stacks measured is under the target.
      const best = Math.min(...r.by_replicas.map((e) => e.p95_ms));
      const verdict =
        r.connections === LOAD_TARGET.connections ? (best < LOAD_TARGET.p95_ms ? 'met' : 'MISSED') : '';
      const engines = r.by_replicas
        .map((e) => `${String(e.rps).padStart(16)} ${String(e.p95_ms).padStart(8)}`)
        .join(' | ');
      const errors = r.by_replicas.reduce((n, e) => n + e.errors, 0);
      console.log(
        `${w.name.padEnd(12)} ${String(r.connections).padStart(5)} | ${engines} | ` +
          `${String(r.raw_sql.rps).padStart(13)} ${String(r.raw_sql.p95_ms).padStart(8)} | ${verdict}` +
          `${errors || r.raw_sql.errors ? ` (errors: engine ${errors}, raw ${r.raw_sql.errors})` : ''}`,
      );
    }
}

/** `npm run bench -- load [--connections 50,100,200] [--seconds 10] [--warmup 3] [--replicas 1,2] [--only list,mix] [--practices 20000] [--database-url URL] [--results FILE]`. */
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
      replicas: { type: 'string', default: '1' },
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
  const replicaCounts = values.replicas.split(',').map(Number);
  if (replicaCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 4))
    throw new Error(`--replicas takes counts from 1 to 4, comma-separated: ${values.replicas}`);
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
    const managers = await practiceManagers(data.url, Math.max(...levels));
    const tokens = new Map(
      await Promise.all(managers.map(async (id) => [id, await benchUserToken(id)] as const)),
    );
    // A practice manager's request carries their token; the others the admin secret.
    const authOf = (request: GraphqlRequest): Record<string, string> =>
      request.as === undefined
        ? { 'x-hasura-admin-secret': ADMIN_SECRET }
        : { authorization: `Bearer ${tokens.get(request.as)}` };
    const bodyOf = ({ as: _as, ...operation }: GraphqlRequest) => JSON.stringify(operation);

    const chosen = workloads(params, managers, portalToday()).filter(
      (w) => !values.only || values.only.split(',').includes(w.name),
    );
    // The raw-SQL target's statements for every request it may send (compiled before timing).
    const sessions = new Map<string, ReplaySession[]>();
    for (const w of chosen)
      for (let c = 0; c < Math.max(...levels); c++)
        for (const step of w.steps)
          for (const turn of [1, 2, 3, 4, 5, 6]) {
            const request = step(c, turn);
            sessions.set(JSON.stringify(request), await compile(request));
          }
    const stepsOf = (w: Workload) =>
      w.steps.map(
        (step) => (connection: number, turn: number) => sessions.get(JSON.stringify(step(connection, turn)))!,
      );
    const bodiesOf = (w: Workload) =>
      w.steps.map((step) => ({
        body: (c: number, t: number) => bodyOf(step(c, t)),
        headers: (c: number, t: number) => authOf(step(c, t)),
      }));

    // PostgreSQL's own figures, once: they do not depend on the stack in front of it.
    const rawFigures = new Map<string, LoadFigures>();
    if (warmup > 0) await raw.warmEveryConnection([...sessions.values()]);
    for (const w of chosen) {
      if (warmup > 0) await runRawSql(raw, stepsOf(w), levels[0]!, warmup);
      for (const connections of levels)
        rawFigures.set(`${w.name}@${connections}`, await runRawSql(raw, stepsOf(w), connections, seconds));
    }
    // Its connections go before the stack's pools open: left idle, they would hold PostgreSQL's
    // max_connections (200) against the engine's and refuse some of its connections (53300).
    const rawPool = raw.pool.options.max ?? Math.max(...levels);
    await raw.close();
    raw = undefined;

    // Then each workload through each stack: one, then two replicas of the engine and actions.
    const engineFigures = new Map<string, Array<{ replicas: number } & LoadFigures>>();
    for (const replicas of replicaCounts) {
      // A stack handed in is the one-replica stack.
      const given = replicas === 1 ? options.stack : undefined;
      stack = given ?? (await startBenchStack(data.url, log, replicas));
      try {
        const url = `${stack.url}/v1/graphql`;
        for (const w of chosen) {
          // Every request answers with data before anything is timed.
          for (const step of w.steps) {
            const answer = (await (
              await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...authOf(step(0, 1)) },
                body: bodyOf(step(0, 1)),
              })
            ).json()) as { data?: unknown; errors?: unknown };
            if (!answer.data || answer.errors)
              throw new Error(`${w.name}: ${JSON.stringify(answer).slice(0, 300)}`);
          }
          if (warmup > 0) await runHttp(url, bodiesOf(w), levels[0]!, warmup);
          for (const connections of levels) {
            const figures = await runHttp(url, bodiesOf(w), connections, seconds);
            const raw = rawFigures.get(`${w.name}@${connections}`)!;
            log(
              `${w.name} at ${connections}, ${replicas} replica(s): engine ${figures.rps} req/s p95 ${figures.p95_ms} ms; raw SQL ${raw.rps} req/s p95 ${raw.p95_ms} ms`,
            );
            const key = `${w.name}@${connections}`;
            engineFigures.set(key, [...(engineFigures.get(key) ?? []), { replicas, ...figures }]);
          }
        }
      } finally {
        if (!given) await stack.stop();
        stack = undefined;
      }
    }

    const results = chosen.map((w) => ({
      name: w.name,
      title: w.title,
      rows: levels.map((connections): Row => {
        const key = `${w.name}@${connections}`;
        const byReplicas = engineFigures.get(key)!;
        const { replicas: _first, ...first } = byReplicas[0]!;
        const rawRow = rawFigures.get(key)!;
        return {
          connections,
          engine: first,
          by_replicas: byReplicas,
          raw_sql: { ...rawRow, pool: Math.min(connections, rawPool) },
          p95_ratio: Math.round((first.p95_ms / rawRow.p95_ms) * 100) / 100,
        };
      }),
    }));
    printTable(results);
    const json = {
      bench: 'load',
      run: info.finish(),
      postgres: rows[0]!.version,
      practices: data.practices,
      seconds,
      warmup_seconds: warmup,
      target: LOAD_TARGET,
      replicas: replicaCounts,
      how: {
        engine:
          "autocannon over HTTP/1.1 keep-alive to the gateway (/v1/graphql), one request in flight per connection, with Chromium's Accept-Encoding (answers of 1 KiB and more come compressed); list_pm with each connection's practice manager's JWT, the others with the admin secret",
        by_replicas:
          'the same through a stack with that many engines and actions services behind the gateway (STACK_REPLICAS), each started for its run on the same database and machine',
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
    // A stack left running by a failure is stopped (one handed in is its owner's).
    if (stack && stack !== options.stack) await stack.stop();
    await data.close();
  }
}
