import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openScaleDatabase, REPO_ROOT } from '../data/scale-database.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { percentile } from '../lib/stats.ts';
import {
  benchUserToken,
  childrenOf,
  cpuSeconds,
  type StackProcess,
  startBenchStack,
} from './stack-process.ts';

/**
 * `npm run bench -- fairness`: one practice manager's heaviest allowed load (eight requests at a
 * time, as the probe in docs/security.md sent them) while a second user's simple query is timed,
 * through the stack as `npm start` runs it on the 20,000-practice data. Target: the simple query's
 * p95 under 100 ms, `/healthz` 200 throughout.
 */

const LIGHT_P95_TARGET_MS = 100;
const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/fairness.json');

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** One row of the probe's request: a response with two relationships. */
const RESPONSE_FIELDS = 'id indicator { id code } assessment { id status }';

/**
 * `aliases` copies of `indicator_responses` with `limit` (none when null), each with its
 * relationships; `prefix` names the aliases (a new one each time defeats the plan cache).
 */
function heavyQuery(aliases: number, limit: number | null, prefix = 'r'): string {
  const args = limit === null ? '' : `(limit: ${limit})`;
  return `{ ${Array.from({ length: aliases }, (_, i) => `${prefix}${i}: indicator_responses${args} { ${RESPONSE_FIELDS} }`).join(' ')} }`;
}

let sent = 0;
/** The same request as `heavyQuery`, under alias names never used before: compiled anew each time. */
const newHeavyQuery = (aliases: number, limit: number | null) => () => {
  sent += 1;
  return heavyQuery(aliases, limit, `n${sent}_`);
};

interface Posted {
  status: number;
  ms: number;
  bytes: number;
  /** The body, kept when asked for (or when it is short: an error). */
  text?: string;
}

/** POSTs a GraphQL request over `agent`; reads the answer without parsing it unless `keep`. */
function post(agent: http.Agent, url: string, token: string, query: string, keep = false): Promise<Posted> {
  const target = new URL(url);
  const body = JSON.stringify({ query });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (keep || bytes < 4096) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            bytes,
            ...(keep || bytes < 4096 ? { text: Buffer.concat(chunks).toString('utf8') } : {}),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer's first error code, `data` when it has data, or `http <status>`. */
function outcome(p: Posted): string {
  if (p.text === undefined) return p.status === 200 ? 'data' : `http ${p.status}`;
  try {
    const json = JSON.parse(p.text) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
    if (json.errors?.length)
      return `${p.status === 200 ? '' : `http ${p.status} `}${json.errors[0]?.extensions?.code ?? 'error'}`;
    return json.data ? 'data' : `http ${p.status}`;
  } catch {
    return `http ${p.status}`;
  }
}

function latency(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

const count = (values: string[]) =>
  values.reduce<Record<string, number>>((out, v) => {
    out[v] = (out[v] ?? 0) + 1;
    return out;
  }, {});

/** The CPU seconds the PostgreSQL server has used so far (its postmaster and every backend). */
async function postgresCpu(url: string): Promise<() => number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string }>(
      "select setting from pg_settings where name = 'data_directory'",
    );
    const postmaster = Number(
      readFileSync(path.join(rows[0]!.setting, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    // The postmaster with the backends it has reaped, and the ones still running.
    return () =>
      cpuSeconds(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  } finally {
    await client.end();
  }
}

interface Cast {
  heavy: { userId: number; responses: number };
  light: { userId: number; practiceId: number };
}

/** The practice manager who sees the most indicator responses, and another one. */
async function pickCast(url: string): Promise<Omit<Cast, 'heavy'> & { heavyUserId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const heavy = await client.query<{ user_id: number }>(
      `select pu.user_id from public.practice_users pu
         join public.accreditations ac on ac.practice_id = pu.practice_id
         join public.assessments a on a.accreditation_id = ac.id
         join public.indicator_responses r on r.assessment_id = a.id
        where pu.role = 'PM' and pu.active
        group by pu.user_id order by count(*) desc, pu.user_id limit 1`,
    );
    const heavyUserId = heavy.rows[0]?.user_id;
    if (heavyUserId === undefined) throw new Error('the scale data has no practice manager with responses');
    const light = await client.query<{ user_id: number; practice_id: number }>(
      `with c as (select user_id, practice_id from public.practice_users where role = 'PM' and active and user_id <> $1)
       select * from c order by practice_id offset least(100, (select count(*) / 2 from c)) limit 1`,
      [heavyUserId],
    );
    if (!light.rows[0]) throw new Error('the scale data has no second practice manager');
    return { heavyUserId, light: { userId: light.rows[0].user_id, practiceId: light.rows[0].practice_id } };
  } finally {
    await client.end();
  }
}

interface PhaseResult {
  name: string;
  heavy_query: { description: string; aliases: number; limit: number | null } | null;
  light: ReturnType<typeof latency> & { outcomes: Record<string, number> };
  healthz: ReturnType<typeof latency> & { statuses: Record<string, number> };
  engine_healthz: ReturnType<typeof latency> & { statuses: Record<string, number> };
  heavy: {
    requests: number;
    outcomes: Record<string, number>;
    bytes_per_answer: number;
    latency: ReturnType<typeof latency>;
  } | null;
  /** CPU seconds each part used per second of the phase (2.0 = both cores of this machine). */
  cpu_per_second: { postgres: number; engine: number; gateway: number; bench_client: number };
  light_p95_within_target: boolean;
  healthz_always_200: boolean;
}

/** How long each phase lasts: `rampSeconds` of the heavy load alone, then `seconds` timed. */
interface PhaseTiming {
  seconds: number;
  rampSeconds: number;
}

/** Runs one phase: the heavy user's `query` in `concurrency` loops (none for a quiet phase) while the light user and /healthz are timed. */
async function phase(
  name: string,
  { seconds, rampSeconds }: PhaseTiming,
  stack: StackProcess,
  tokens: { heavy: string; light: string },
  lightQuery: string,
  heavy: {
    query: () => string;
    description: string;
    aliases: number;
    limit: number | null;
    concurrency: number;
  } | null,
  pgCpu: () => number,
  log: (line: string) => void,
): Promise<PhaseResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const gql = `${stack.url}/v1/graphql`;
  const cpu = () => {
    const enginePid = stack.enginePid();
    return {
      postgres: pgCpu(),
      engine: enginePid ? cpuSeconds(enginePid) : 0,
      gateway: cpuSeconds(stack.pid),
      bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    };
  };
  let running = true;
  const heavyAnswers: Posted[] = [];
  const firstAnswers: Array<Promise<void>> = [];
  const heavyLoops = heavy
    ? Array.from({ length: heavy.concurrency }, async () => {
        let answered!: () => void;
        firstAnswers.push(new Promise<void>((resolve) => (answered = resolve)));
        while (running) {
          heavyAnswers.push(await post(agent, gql, tokens.heavy, heavy.query()));
          answered();
        }
      })
    : [];
  // Let the load build up before timing the others: every loop has had an answer, and the ramp is over.
  if (heavy) await Promise.all([...firstAnswers, new Promise((r) => setTimeout(r, rampSeconds * 1000))]);
  const before = cpu();
  const startedAt = performance.now();
  const light: Posted[] = [];
  const health: Array<{ status: number; ms: number }> = [];
  const engineHealth: Array<{ status: number; ms: number }> = [];
  const until = Date.now() + seconds * 1000;
  const lightLoop = (async () => {
    while (Date.now() < until) {
      light.push(await post(agent, gql, tokens.light, lightQuery, true));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const probeHealth = async (url: string, into: Array<{ status: number; ms: number }>) => {
    while (Date.now() < until) {
      const started = performance.now();
      const status = await fetch(url, { signal: AbortSignal.timeout(10_000) })
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        })
        .catch(() => 0);
      into.push({ status, ms: performance.now() - started });
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  await Promise.all([
    lightLoop,
    probeHealth(`${stack.url}/healthz`, health),
    probeHealth(`${stack.engineUrl}/healthz`, engineHealth),
  ]);
  const elapsed = (performance.now() - startedAt) / 1000;
  const after = cpu();
  running = false;
  await Promise.all(heavyLoops);
  agent.destroy();
  const per = (k: keyof typeof before) => round((after[k] - before[k]) / elapsed, 2);
  const lightLatency = latency(light.map((l) => l.ms));
  const result: PhaseResult = {
    name,
    heavy_query: heavy
      ? { description: heavy.description, aliases: heavy.aliases, limit: heavy.limit }
      : null,
    light: { ...lightLatency, outcomes: count(light.map(outcome)) },
    healthz: { ...latency(health.map((h) => h.ms)), statuses: count(health.map((h) => String(h.status))) },
    engine_healthz: {
      ...latency(engineHealth.map((h) => h.ms)),
      statuses: count(engineHealth.map((h) => String(h.status))),
    },
    heavy: heavy
      ? {
          requests: heavyAnswers.length,
          outcomes: count(heavyAnswers.map(outcome)),
          bytes_per_answer: Math.round(
            heavyAnswers.reduce((s, a) => s + a.bytes, 0) / Math.max(1, heavyAnswers.length),
          ),
          latency: latency(heavyAnswers.map((a) => a.ms)),
        }
      : null,
    cpu_per_second: {
      postgres: per('postgres'),
      engine: per('engine'),
      gateway: per('gateway'),
      bench_client: per('bench'),
    },
    light_p95_within_target:
      lightLatency.p95_ms < LIGHT_P95_TARGET_MS && light.every((l) => outcome(l) === 'data'),
    healthz_always_200: health.every((h) => h.status === 200),
  };
  log(
    `${name}: simple query p95 ${result.light.p95_ms} ms (max ${result.light.max_ms}, ${JSON.stringify(result.light.outcomes)}), ` +
      `/healthz ${JSON.stringify(result.healthz.statuses)} p95 ${result.healthz.p95_ms} ms; ` +
      (heavy
        ? `heavy ${JSON.stringify(result.heavy?.outcomes)}, ${result.heavy?.bytes_per_answer} B each; `
        : '') +
      `CPU/s ${JSON.stringify(result.cpu_per_second)}`,
  );
  return result;
}

export interface FairnessBenchOptions {
  /** A running stack started by `startBenchStack` on the same database (else one is started and stopped). */
  stack?: StackProcess;
}

/**
 * `npm run bench -- fairness [--seconds 20] [--ramp-seconds 2] [--concurrency 8] [--practices 20000]
 * [--database-url URL] [--results FILE]`.
 */
export async function runFairnessBench(argv: string[], options: FairnessBenchOptions = {}): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: '20' },
      'ramp-seconds': { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '8' },
      practices: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
    strict: true,
  });
  const seconds = Number(values.seconds);
  const timing: PhaseTiming = { seconds, rampSeconds: Number(values['ramp-seconds']) };
  const concurrency = Number(values.concurrency);
  const log = (line: string) => console.log(`bench fairness: ${line}`);
  const data = await openScaleDatabase(
    Number(values.practices),
    values['database-url'] ?? process.env.BENCH_DATABASE_URL,
    log,
  );
  let stack: StackProcess | undefined = options.stack;
  try {
    const picked = await pickCast(data.url);
    stack ??= await startBenchStack(data.url, log);
    const tokens = {
      heavy: await benchUserToken(picked.heavyUserId),
      light: await benchUserToken(picked.light.userId),
    };
    const agent = new http.Agent({ keepAlive: true });
    const gql = `${stack.url}/v1/graphql`;
    const visible = await post(
      agent,
      gql,
      tokens.heavy,
      '{ indicator_responses_aggregate { aggregate { count } } }',
      true,
    );
    const responses = (
      JSON.parse(visible.text!) as {
        data: { indicator_responses_aggregate: { aggregate: { count: number } } };
      }
    ).data.indicator_responses_aggregate.aggregate.count;
    const cast: Cast = { heavy: { userId: picked.heavyUserId, responses }, light: picked.light };
    log(
      `heavy user ${cast.heavy.userId} sees ${responses} indicator responses; light user ${cast.light.userId}`,
    );
    const lightQuery = `{ practices_by_pk(organisation_id: ${cast.light.practiceId}) { organisation_id status active_status } }`;
    const lightCheck = await post(agent, gql, tokens.light, lightQuery, true);
    if (outcome(lightCheck) !== 'data') throw new Error(`the simple query fails: ${lightCheck.text}`);

    // The probe's request, and what else one user may send: the heaviest the engine answers is the load.
    const candidates = [
      {
        description: "the probe's request: 60 aliases of a 600-row list, two relationships a row",
        aliases: 60,
        limit: 600,
      },
      { description: '100 aliases (the alias limit) of the list without a limit', aliases: 100, limit: null },
      { description: '60 aliases of a 270-row list (within a 50,000-row budget)', aliases: 60, limit: 270 },
    ];
    const tried = [];
    for (const c of candidates) {
      const answer = await post(agent, gql, tokens.heavy, heavyQuery(c.aliases, c.limit));
      tried.push({ ...c, outcome: outcome(answer), bytes: answer.bytes, ms: round(answer.ms) });
      log(`candidate "${c.description}": ${outcome(answer)}, ${answer.bytes} B in ${round(answer.ms)} ms`);
    }
    agent.destroy();
    const allowed = tried.filter((t) => t.outcome === 'data').sort((a, b) => b.bytes - a.bytes);
    const heaviest = allowed[0];
    const pgCpu = await postgresCpu(data.url);

    const phases: PhaseResult[] = [];
    const run = (name: string, heavy: (typeof candidates)[number] | undefined, fresh = false) =>
      phase(
        name,
        timing,
        stack!,
        tokens,
        lightQuery,
        heavy
          ? {
              ...heavy,
              query: fresh
                ? newHeavyQuery(heavy.aliases, heavy.limit)
                : () => heavyQuery(heavy.aliases, heavy.limit),
              concurrency,
            }
          : null,
        pgCpu,
        log,
      );
    phases.push(await run('quiet', undefined));
    phases.push(await run('probe', candidates[0]));
    if (heaviest && heaviest.description !== candidates[0]!.description)
      phases.push(await run('heaviest allowed', heaviest));
    // The engine's own work: 100 aliases of a one-row list under new names each time (so each is
    // compiled anew, the database's part small).
    phases.push(
      await run(
        'new requests to compile',
        { description: '100 aliases of a one-row list, new alias names each time', aliases: 100, limit: 1 },
        true,
      ),
    );

    const quiet = phases[0]!;
    const result = {
      bench: 'fairness',
      run: info.finish(),
      commit: gitCommit(),
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadavg: os.loadavg().map((l) => round(l, 2)) },
      practices: data.practices,
      seconds,
      ramp_seconds: timing.rampSeconds,
      concurrency,
      cast,
      light_query: lightQuery,
      candidates: tried,
      target: { light_p95_ms: LIGHT_P95_TARGET_MS, healthz: 'always 200' },
      phases: phases.map((p) => ({
        ...p,
        light_p95_over_quiet: round(p.light.p95_ms / quiet.light.p95_ms, 2),
      })),
    };
    mkdirSync(path.dirname(values.results), { recursive: true });
    writeFileSync(values.results, `${JSON.stringify(result, null, 2)}\n`);
    console.table(
      result.phases.map((p) => ({
        phase: p.name,
        'simple p95 ms': p.light.p95_ms,
        'p95 / quiet': p.light_p95_over_quiet,
        'simple max ms': p.light.max_ms,
        'simple ok': p.light.outcomes.data ?? 0,
        '/healthz': JSON.stringify(p.healthz.statuses),
        '/healthz p95 ms': p.healthz.p95_ms,
        heavy: p.heavy ? JSON.stringify(p.heavy.outcomes) : '',
        'CPU/s pg': p.cpu_per_second.postgres,
        'CPU/s engine': p.cpu_per_second.engine,
        'CPU/s gateway': p.cpu_per_second.gateway,
        target: p.light_p95_within_target && p.healthz_always_200 ? 'met' : 'missed',
      })),
    );
    log(`wrote ${path.relative(REPO_ROOT, values.results)}`);
    return 0;
  } catch (error) {
    if (stack) console.error(stack.lastLines());
    throw error;
  } finally {
    if (!options.stack) await stack?.stop();
    await data.close();
  }
}
