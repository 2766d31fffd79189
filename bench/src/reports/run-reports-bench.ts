import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '@portal/actions/db';
import { callerOfUser } from '@portal/actions/practice-access';
import { oneSource, REPORT_LOADERS } from '@portal/actions/report-loaders';
import type { TReportFilters, TReportName } from '@portal/domain';
import pg from 'pg';
import { DASHBOARD_CASES } from '../dashboard/dashboard-cases.ts';
import { openScaleDatabase, REPO_ROOT } from '../data/scale-database.ts';
import { startBenchEngine } from '../engine/engine-server.ts';
import { GraphQLClient } from '../lib/graphql-client.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { type Summary, sequential, summarize } from '../lib/stats.ts';

/** Report queries should answer under this p95 (bench/GUIDE.md). */
const REPORT_TARGET_MS = 300;
/** The dashboard's queries should answer under this p95 (bench/GUIDE.md). */
const DASHBOARD_TARGET_MS = 100;

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/reports.json');

interface CaseResult extends Summary {
  name: string;
  target_ms: number;
  within_target: boolean;
  /** Rows in the answer's tables (reports) or root fields' rows (dashboard), to show the work is real. */
  rows: number;
}

/** The people and places the cases run as: picked from the generated data, never seed ids. */
interface Cast {
  qamId: number;
  adminId: number;
  pm: { userId: number; practiceId: number };
  surveyorId: number;
  state: string;
  networkId: number;
}

async function pickCast(url: string): Promise<Cast> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string): Promise<T> => {
      const { rows } = await client.query(text);
      if (!rows[0]) throw new Error(`the scale data has no row for: ${text}`);
      return rows[0] as T;
    };
    const qam = await one<{ id: number }>(
      `select a.qam_id as id from public.accreditations a where a.qam_id is not null
        group by a.qam_id order by count(*) desc limit 1`,
    );
    const admin = await one<{ id: number }>(
      'select id from public.users where is_admin and is_active order by id limit 1',
    );
    // A practice manager of a surveyed practice from the middle of the data, not its first rows.
    const pm = await one<{ user_id: number; practice_id: number }>(
      `with c as (
         select pu.user_id, pu.practice_id from public.practice_users pu
           join public.practices p on p.organisation_id = pu.practice_id
          where pu.role = 'PM' and pu.active and p.active_status = 'ACTIVE'
            and exists (select 1 from public.assessments a join public.accreditations ac on ac.id = a.accreditation_id
                         where ac.practice_id = p.organisation_id and a.type = 'SURVEY_VISIT'
                           and a.status in ('ACTION_REQUIRED', 'APPROVED', 'CERTIFIED')))
       select * from c order by practice_id offset (select count(*) / 2 from c) limit 1`,
    );
    const surveyor = await one<{ id: number }>(
      `select sv.user_id as id from public.survey_visitors sv group by sv.user_id order by count(*) desc limit 1`,
    );
    const network = await one<{ id: number }>(
      `select network_id as id from public.practices where network_id is not null
        group by network_id order by count(*) desc limit 1`,
    );
    return {
      qamId: qam.id,
      adminId: admin.id,
      pm: { userId: pm.user_id, practiceId: pm.practice_id },
      surveyorId: surveyor.id,
      state: 'NSW',
      networkId: network.id,
    };
  } finally {
    await client.end();
  }
}

/** Each report under the filters a manager uses most: none, one state, one QAM, the last year. */
function reportCases(
  cast: Cast,
): { name: string; report: TReportName; user: { id: number; role: string }; filters: TReportFilters }[] {
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const qam = { id: cast.qamId, role: 'qam' };
  const cases: ReturnType<typeof reportCases> = [];
  for (const report of ['management', 'analytics'] as const) {
    cases.push({ name: `${report}: all practices`, report, user: qam, filters: {} });
    cases.push({ name: `${report}: state ${cast.state}`, report, user: qam, filters: { state: cast.state } });
    cases.push({ name: `${report}: one QAM`, report, user: qam, filters: { qam: cast.qamId } });
    cases.push({
      name: `${report}: last 12 months`,
      report,
      user: qam,
      filters: { from: yearAgo, to: today.toISOString().slice(0, 10) },
    });
  }
  cases.push({
    name: 'comparative: as the QAM',
    report: 'comparative',
    user: qam,
    filters: { practice: cast.pm.practiceId },
  });
  cases.push({
    name: 'comparative: as the practice manager',
    report: 'comparative',
    user: { id: cast.pm.userId, role: 'user' },
    filters: { practice: cast.pm.practiceId },
  });
  return cases;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** `npm run bench -- reports [--iterations N] [--warmup N] [--database-url URL] [--results FILE]`. */
export async function runReportsBench(argv: string[]): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args: argv,
    options: {
      iterations: { type: 'string', default: '40' },
      warmup: { type: 'string', default: '5' },
      practices: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
    strict: true,
  });
  const iterations = Number(values.iterations);
  const warmup = Number(values.warmup);
  const log = (line: string) => console.log(`bench reports: ${line}`);
  const data = await openScaleDatabase(
    Number(values.practices),
    values['database-url'] ?? process.env.BENCH_DATABASE_URL,
    log,
  );
  const pool = new pg.Pool({ connectionString: data.url, max: 4 });
  pool.on('error', () => {});
  const engine = await startBenchEngine(data.url, 1000);
  try {
    const cast = await pickCast(data.url);
    log(`cast: ${JSON.stringify(cast)}`);
    const db = createDb(pool);
    const reports: CaseResult[] = [];
    for (const c of reportCases(cast)) {
      const loader = REPORT_LOADERS[c.report];
      if (!loader) {
        log(`${c.name}: no loader registered — skipped`);
        continue;
      }
      const caller = callerOfUser(c.user);
      let rows = 0;
      await sequential(warmup, () => loader(oneSource(db), caller, c.filters));
      const samples = await sequential(iterations, async () => {
        const made = await loader(oneSource(db), caller, c.filters);
        rows = made.tables.reduce((n, t) => n + t.rows.length, 0);
      });
      const summary = summarize(samples);
      reports.push({
        name: c.name,
        ...summary,
        target_ms: REPORT_TARGET_MS,
        within_target: summary.p95_ms < REPORT_TARGET_MS,
        rows,
      });
      log(`${c.name}: p95 ${summary.p95_ms} ms, median ${summary.median_ms} ms (${rows} rows)`);
    }

    const dashboard: CaseResult[] = [];
    const today = new Date().toISOString().slice(0, 10);
    for (const q of DASHBOARD_CASES) {
      const picked = await pool.query<{ id: number }>(q.pickUserSql);
      const userId = picked.rows[0]?.id;
      if (userId === undefined) throw new Error(`${q.name}: the scale data has no such user`);
      const client = new GraphQLClient(engine.url, {
        'x-hasura-admin-secret': engine.adminSecret,
        'x-hasura-role': q.role,
        'x-hasura-user-id': String(userId),
      });
      const variables = q.variables(userId, today);
      let rows = 0;
      const ask = async () => {
        const body = await client.request(q.query, variables);
        if (body.errors || !body.data) throw new Error(`${q.name}: ${JSON.stringify(body.errors ?? body)}`);
        rows = Object.values(body.data as Record<string, unknown>).reduce<number>(
          (n, v) => n + (Array.isArray(v) ? v.length : 1),
          0,
        );
      };
      await sequential(warmup, ask);
      const summary = summarize(await sequential(iterations, ask));
      dashboard.push({
        name: q.name,
        ...summary,
        target_ms: DASHBOARD_TARGET_MS,
        within_target: summary.p95_ms < DASHBOARD_TARGET_MS,
        rows,
      });
      log(`${q.name}: p95 ${summary.p95_ms} ms, median ${summary.median_ms} ms (${rows} rows)`);
    }

    const result = {
      bench: 'reports',
      run: info.finish(),
      commit: gitCommit(),
      at: new Date().toISOString(),
      practices: data.practices,
      iterations,
      warmup,
      targets: { report_p95_ms: REPORT_TARGET_MS, dashboard_p95_ms: DASHBOARD_TARGET_MS },
      reports,
      dashboard,
    };
    mkdirSync(path.dirname(values.results), { recursive: true });
    writeFileSync(values.results, `${JSON.stringify(result, null, 2)}\n`);
    console.table(
      [...reports, ...dashboard].map((r) => ({
        case: r.name,
        'p95 ms': r.p95_ms,
        'median ms': r.median_ms,
        target: r.target_ms,
        ok: r.within_target,
        rows: r.rows,
      })),
    );
    log(`wrote ${path.relative(REPO_ROOT, values.results)}`);
    // A benchmark reports; it does not fail a build (the `ok` column and the JSON say where it stands).
    return 0;
  } finally {
    await engine.close();
    await pool.end();
    await data.close();
  }
}
