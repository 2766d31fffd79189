import type { EngineBenchResult } from './result.ts';

const pad = (s: string | number, n: number) => String(s).padStart(n);

/** The results as console tables: latency per query and target, live fan-out, targets. */
export function printReport(r: EngineBenchResult) {
  const lines: string[] = [];
  lines.push('');
  lines.push(
    `engine benchmark — ${r.data.practices} practices, ${r.settings.iterations} sequential requests per target, ` +
      `${r.settings.concurrency} in flight for req/s (${r.machine.cpus} CPUs, Node ${r.machine.node}, PostgreSQL ${r.machine.postgres})`,
  );
  lines.push('');
  lines.push(
    `${'query'.padEnd(12)}${'target'.padEnd(20)}${pad('median ms', 11)}${pad('p95 ms', 10)}${pad('req/s', 8)}${pad('vs engine', 11)}`,
  );
  for (const q of r.queries) {
    for (const t of ['engine', 'raw_sql', 'raw_sql_unprepared', 'postgraphile'] as const) {
      const s = q.sequential[t];
      const vs = t === 'engine' ? '' : (q.sequential.engine.median_ms / s.median_ms).toFixed(2);
      lines.push(
        `${(t === 'engine' ? q.name : '').padEnd(12)}${t.padEnd(20)}${pad(s.median_ms.toFixed(2), 11)}${pad(s.p95_ms.toFixed(2), 10)}${pad(q.concurrent_rps[t], 8)}${pad(vs, 11)}`,
      );
    }
  }
  lines.push('');
  lines.push(
    '("vs engine" = engine median / that median; raw_sql replays the statements engine.compile gives, exactly ' +
      'as the engine sends them, named prepared statements included; raw_sql_unprepared sends them unnamed; ' +
      'results checked equal across targets)',
  );
  lines.push(
    `list through the engine: median ${r.queries.find((q) => q.name === 'list')?.sequential.engine.median_ms} ms, p95 ${r.list_engine_p95_ms} ms`,
  );
  for (const q of r.queries)
    if (!q.compiled_matches_sent)
      lines.push(`  ! ${q.name}: engine.compile differs from the statements the engine sent`);
  for (const q of r.queries)
    if (q.same_result.postgraphile === false || q.same_result.raw_sql === false)
      lines.push(
        `  ! ${q.name}: results differ (raw ${q.same_result.raw_sql}, PostGraphile ${q.same_result.postgraphile})`,
      );
  lines.push('');
  lines.push(
    `${'live query fan-out'.padEnd(34)}${pad('subs', 6)}${pad('SQL/tick', 10)}${pad('db xact/tick', 14)}${pad('update p50 ms', 15)}${pad('p95 ms', 9)}`,
  );
  for (const l of r.live)
    lines.push(
      `${l.scenario.padEnd(34)}${pad(l.subscribers, 6)}${pad(l.statements_per_tick, 10)}${pad(l.db_xacts_per_tick, 14)}${pad(l.update_latency.median_ms.toFixed(0), 15)}${pad(l.update_latency.p95_ms.toFixed(0), 9)}`,
    );
  lines.push('');
  for (const t of r.targets) lines.push(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  lines.push('');
  console.log(lines.join('\n'));
}
