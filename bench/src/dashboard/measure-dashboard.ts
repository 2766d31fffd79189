/**
 * The dashboard's requests on the scale data (issue 18, target p95 under 100 ms at 20,000
 * practices): each case of `DASHBOARD_CASES` for the busiest user of its role, over HTTP to the
 * engine in this process, with the role and user id as session (admin secret + x-hasura-role,
 * as Hasura allows), `--iterations` times after `--warmup`. Writes bench/results/dashboard.json.
 * Run: PGPORT=54391 npx tsx bench/src/dashboard/measure-dashboard.ts [--practices 20000]
 * (the reports benchmark of the lead runs the same cases; this is the slice's own measurement).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toWireDate } from '@portal/domain';
import pg from 'pg';
import { openScaleDatabase, REPO_ROOT } from '../data/scale-database.ts';
import { startBenchEngine } from '../engine/engine-server.ts';
import { GraphQLClient } from '../lib/graphql-client.ts';
import { sequential, summarize } from '../lib/stats.ts';
import { DASHBOARD_CASES } from './dashboard-cases.ts';

const { values } = parseArgs({
  options: {
    practices: { type: 'string', default: '20000' },
    iterations: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const log = (line: string) => console.log(line);
const data = await openScaleDatabase(Number(values.practices), values['database-url'], log);
const engine = await startBenchEngine(data.url, 1000);
const sql = new pg.Pool({ connectionString: data.url, max: 2 });
const today = toWireDate(new Date());
const results: Record<string, unknown> = {};
try {
  for (const c of DASHBOARD_CASES) {
    const { rows } = await sql.query<{ id: number }>(c.pickUserSql);
    const userId = rows[0]?.id;
    if (!userId) {
      log(`${c.name}: no user of that role in the data`);
      continue;
    }
    const client = new GraphQLClient(engine.url, {
      'x-hasura-admin-secret': engine.adminSecret,
      'x-hasura-role': c.role,
      'x-hasura-user-id': String(userId),
    });
    const variables = c.variables(userId, today);
    const first = await client.request(c.query, variables);
    if (first.errors) throw new Error(`${c.name}: ${JSON.stringify(first.errors)}`);
    await sequential(Number(values.warmup), () => client.request(c.query, variables));
    const samples = await sequential(Number(values.iterations), () => client.request(c.query, variables));
    const summary = summarize(samples);
    // How much the answer holds: the rows of each list (an aggregate counts as one).
    const answer = Object.fromEntries(
      Object.entries((first.data ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        Array.isArray(v) ? v.length : 1,
      ]),
    );
    const bytes = JSON.stringify(first.data).length;
    results[c.name] = { role: c.role, userId, answer, bytes, ...summary, under_100_ms: summary.p95_ms < 100 };
    log(
      `${c.name.padEnd(48)} p95 ${summary.p95_ms} ms, median ${summary.median_ms} ms (user ${userId}, ${JSON.stringify(answer)}, ${bytes} bytes)`,
    );
  }
  const out = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'dashboard.json'),
    `${JSON.stringify({ practices: data.practices, today, target_p95_ms: 100, cases: results }, null, 2)}\n`,
  );
} finally {
  await sql.end();
  await engine.close();
  await data.close();
  process.exit(0);
}
