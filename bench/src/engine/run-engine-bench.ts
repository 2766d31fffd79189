import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import { openScaleDatabase, REPO_ROOT } from '../data/scale-database.ts';
import { GraphQLClient } from '../lib/graphql-client.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { concurrent, ratio, type Summary, sequential, summarize } from '../lib/stats.ts';
import { startBenchPostGraphile } from '../postgraphile/postgraphile-server.ts';
import { startBenchEngine } from './engine-server.ts';
import { engineFingerprint, type Json, postgraphileFingerprint } from './fingerprint.ts';
import { type FanoutResult, runFanout } from './live-fanout.ts';
import { type BenchParams, benchQueries, type QueryName } from './queries.ts';
import { RawSql, type ReplaySession } from './raw-sql.ts';
import { printReport } from './report.ts';
import type { EngineBenchResult, QueryResult, Target } from './result.ts';

function gitState(): { commit: string; dirty: boolean } {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return {
      commit: git('rev-parse', 'HEAD'),
      dirty: git('status', '--porcelain', 'packages/engine') !== '',
    };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/engine.json');

export async function pickParams(url: string): Promise<BenchParams & { liveIds: number[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A survey assessment from the middle of those with the most answers (40, or fewer where the
    // data has no survey that full: a small --practices), and a practice from the middle of the
    // list, so neither sits first in any index.
    const assessment = await client.query<{ id: number }>(
      `with surveys as (
         select a.id, (select count(*) from public.indicator_responses r where r.assessment_id = a.id) as n
           from public.assessments a where a.type = 'SURVEY_VISIT'),
       full_surveys as (
         select id from surveys where n > 0 and n >= (select least(40, max(n)) from surveys))
       select id from full_surveys order by id offset (select count(*) / 2 from full_surveys) limit 1`,
    );
    const practices = await client.query<{ id: number }>(
      `select organisation_id as id from public.practices order by organisation_id
        offset (select count(*) / 2 from public.practices) limit 201`,
    );
    if (!assessment.rows[0] || practices.rows.length < 2)
      throw new Error(
        'the database has no answered survey assessment or too few practices: seed the scale data first',
      );
    return {
      search: '%medical%',
      status: 'ACCREDITED',
      assessmentId: assessment.rows[0]!.id,
      practiceId: practices.rows[0]!.id,
      liveIds: practices.rows.slice(1).map((r) => r.id),
    };
  } finally {
    await client.end();
  }
}

function check(body: { data?: unknown; errors?: unknown[] }, who: string): Json {
  if (body.errors || !body.data) throw new Error(`${who}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data as Json;
}

/**
 * `npm run bench -- engine [--iterations N] [--concurrency N] [--subscribers N] [--live-ticks 15]
 * [--live-updates 5] [--live-settle-ms 11000] [--database-url URL]`.
 */
export async function runEngineBench(argv: string[]): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args: argv,
    options: {
      iterations: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '50' },
      concurrency: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '6' },
      subscribers: { type: 'string', default: '200' },
      'refetch-interval': { type: 'string', default: '1000' },
      'live-ticks': { type: 'string', default: '15' },
      'live-updates': { type: 'string', default: '5' },
      'live-settle-ms': { type: 'string', default: '11000' },
      practices: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
    strict: true,
  });
  const iterations = Number(values.iterations);
  const warmup = Number(values.warmup);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  const subscribers = Number(values.subscribers);
  const interval = Number(values['refetch-interval']);
  const fanoutTiming = {
    interval,
    observeTicks: Number(values['live-ticks']),
    updates: Number(values['live-updates']),
    settleMs: Number(values['live-settle-ms']),
  };
  const log = (line: string) => console.log(`bench engine: ${line}`);

  const db = await openScaleDatabase(
    Number(values.practices),
    values['database-url'] ?? process.env.BENCH_DATABASE_URL,
    log,
  );
  const params = await pickParams(db.url);
  const [engine, postgraphile] = await Promise.all([
    startBenchEngine(db.url, interval),
    startBenchPostGraphile(db.url),
  ]);
  const raw = new RawSql(db.url);
  const engineClient = new GraphQLClient(engine.url, { 'x-hasura-admin-secret': engine.adminSecret });
  const pglClient = new GraphQLClient(postgraphile.url);
  let pglOpen = true;
  log(`engine on ${engine.url}, PostGraphile on ${postgraphile.url}`);
  try {
    const version = await raw.pool.query<{ v: string }>("select current_setting('server_version') as v");
    const queries: QueryResult[] = [];
    for (const q of benchQueries(params)) {
      // The raw SQL target: what the engine compiles this request to (`engine.compile`), per
      // variable set; checked against the statements its pool really sent for the request.
      const admin = { 'x-hasura-admin-secret': engine.adminSecret };
      const replays = new Map<number, ReplaySession[]>();
      let engineData: Json = {};
      let sqlMatches = true;
      for (const i of q.name === 'update' ? [0, 1] : [0]) {
        const request = { query: q.engine.query, variables: q.engine.variables(i) };
        const sent = await engine.capture(async () => {
          engineData = check(await engineClient.request(request.query, request.variables), 'engine');
        });
        const sessions = RawSql.sessions(await engine.engine.compile(request, admin));
        replays.set(i, sessions);
        const key = (s: { text: string; values: unknown[] }) => JSON.stringify([s.text, s.values]);
        const compiledKeys = sessions.flatMap((g) => g.statements.map(key)).sort();
        sqlMatches &&= isDeepStrictEqual(sent.map(key).sort(), compiledKeys);
      }
      if (!sqlMatches) log(`WARNING: ${q.name}: engine.compile differs from the statements the engine sent`);
      const sessions0 = replays.get(0)!;
      const engineStatements = sessions0.reduce((n, g) => n + g.statements.length, 0);
      const pglData = check(
        await pglClient.request(q.postgraphile.query, q.postgraphile.variables(1)),
        'postgraphile',
      );
      const pglSame = isDeepStrictEqual(
        engineFingerprint(q.name, engineData),
        postgraphileFingerprint(q.name, pglData),
      );
      let rawSame: boolean | null = null;
      if (q.name !== 'update') {
        const rows = (await raw.run(sessions0)) as Array<Array<{ root: unknown }>>;
        const rawData = Object.fromEntries(sessions0.map((g, at) => [g.field, rows[at]![0]!.root]));
        rawSame = isDeepStrictEqual(
          engineFingerprint(q.name, rawData),
          engineFingerprint(q.name, engineData),
        );
      }
      if (!pglSame || rawSame === false)
        log(`WARNING: ${q.name}: results differ (raw ${rawSame}, PostGraphile ${pglSame})`);

      const run: Record<Target, (i: number) => Promise<unknown>> = {
        engine: async (i) =>
          check(await engineClient.request(q.engine.query, q.engine.variables(i)), 'engine'),
        raw_sql: (i) => raw.run(replays.get(replays.size > 1 ? i % 2 : 0)!),
        raw_sql_unprepared: (i) => raw.run(replays.get(replays.size > 1 ? i % 2 : 0)!, true),
        postgraphile: async (i) =>
          check(await pglClient.request(q.postgraphile.query, q.postgraphile.variables(i)), 'postgraphile'),
      };
      const targets = Object.keys(run) as Target[];
      for (const t of targets) await sequential(warmup, run[t]);
      // Interleaved rounds, so background noise on a shared machine hits every target alike.
      const samples: Record<Target, number[]> = {
        engine: [],
        raw_sql: [],
        raw_sql_unprepared: [],
        postgraphile: [],
      };
      const perRound = Math.ceil(iterations / rounds);
      for (let r = 0; r < rounds; r++)
        for (const t of targets)
          samples[t].push(...(await sequential(perRound, (i) => run[t](r * perRound + i))));
      const seq = Object.fromEntries(targets.map((t) => [t, summarize(samples[t])])) as Record<
        Target,
        Summary
      >;
      const rps = {} as Record<Target, number>;
      for (const t of targets) rps[t] = (await concurrent(iterations, concurrency, run[t])).rps;
      const result: QueryResult = {
        name: q.name,
        title: q.title,
        engine_statements: engineStatements,
        engine_prepared_statements: sessions0.flatMap((g) => g.statements).filter((s) => s.name).length,
        compiled_matches_sent: sqlMatches,
        same_result: { raw_sql: rawSame, postgraphile: pglSame },
        sequential: seq,
        concurrent_rps: rps,
        ratios: {
          engine_raw_median: ratio(seq.engine.median_ms, seq.raw_sql.median_ms),
          engine_raw_p95: ratio(seq.engine.p95_ms, seq.raw_sql.p95_ms),
          engine_raw_unprepared_median: ratio(seq.engine.median_ms, seq.raw_sql_unprepared.median_ms),
          engine_postgraphile_median: ratio(seq.engine.median_ms, seq.postgraphile.median_ms),
          engine_postgraphile_p95: ratio(seq.engine.p95_ms, seq.postgraphile.p95_ms),
        },
      };
      queries.push(result);
      log(
        `${q.name}: engine ${seq.engine.median_ms} ms, raw ${seq.raw_sql.median_ms} ms, PostGraphile ${seq.postgraphile.median_ms} ms (medians)`,
      );
    }
    // PostGraphile is not part of the live-query scenarios: stop it so it does not share the CPU.
    pglClient.close();
    await postgraphile.close();
    pglOpen = false;

    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    await pool.query('update public.practices set is_amds = false where organisation_id = any($1::int[])', [
      params.liveIds,
    ]);
    await pool.end();
    const live: FanoutResult[] = [];
    const liveSame = [params.liveIds[0]!];
    live.push(
      await runFanout(engine, db.url, 'same query, same variables', liveSame, subscribers, fanoutTiming),
    );
    log(`live (same variables): ${live[0]!.statements_per_tick} statements per tick`);
    live.push(
      await runFanout(
        engine,
        db.url,
        'same query, different variables',
        params.liveIds.slice(0, subscribers),
        subscribers,
        fanoutTiming,
      ),
    );
    log(`live (different variables): ${live[1]!.statements_per_tick} statements per tick`);

    const byName = (n: QueryName) => queries.find((q) => q.name === n)!;
    const targets = [
      ...(['list', 'assessment'] as const).map((n) => ({
        target: `${n}: engine/raw-SQL median <= 1.3`,
        measured: String(byName(n).ratios.engine_raw_median),
        pass: byName(n).ratios.engine_raw_median <= 1.3,
      })),
      {
        // The practice list's target needs this written down (bench/GUIDE.md).
        target: 'list: engine p95 under 50 ms',
        measured: `${byName('list').sequential.engine.p95_ms} ms`,
        pass: byName('list').sequential.engine.p95_ms < 50,
      },
      ...queries.map((q) => ({
        target: `${q.name}: engine at least as fast as PostGraphile (median ratio <= 1.0)`,
        measured: String(q.ratios.engine_postgraphile_median),
        pass: q.ratios.engine_postgraphile_median <= 1,
      })),
      ...live.map((l) => ({
        target: `live, ${l.scenario}: ${l.subscribers} subscribers cost 1 SQL per tick`,
        measured: `${l.statements_per_tick} (database: ${l.db_xacts_per_tick})`,
        pass: l.statements_per_tick <= 1,
      })),
    ];
    const cpus = os.cpus();
    const result: EngineBenchResult = {
      run: info.finish(),
      date: new Date().toISOString(),
      engine: gitState(),
      machine: {
        cpus: cpus.length,
        cpu: cpus[0]?.model ?? '?',
        node: process.version,
        postgres: version.rows[0]!.v,
      },
      data: { practices: db.practices, generated_now: db.generated },
      settings: { iterations, warmup, concurrency, rounds, live: fanoutTiming },
      params: {
        search: params.search,
        status: params.status,
        assessmentId: params.assessmentId,
        practiceId: params.practiceId,
      },
      list_engine_p95_ms: byName('list').sequential.engine.p95_ms,
      queries,
      live,
      targets,
    };
    printReport(result);
    mkdirSync(path.dirname(values.results!), { recursive: true });
    writeFileSync(values.results!, `${JSON.stringify(result, null, 2)}\n`);
    log(`results written to ${path.relative(process.cwd(), values.results!)}`);
    // A benchmark reports; a missed target is in the table and the JSON, not in the exit code.
    return 0;
  } finally {
    engineClient.close();
    pglClient.close();
    if (pglOpen) await postgraphile.close();
    await raw.close();
    await engine.close();
    await db.close();
  }
}
