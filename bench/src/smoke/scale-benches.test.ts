import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScaleDatabase } from '../data/scale-database.ts';
import type { EngineBenchResult } from '../engine/result.ts';
import { runEngineBench } from '../engine/run-engine-bench.ts';
import { runFairnessBench } from '../fairness/run-fairness-bench.ts';
import { type StackProcess, startBenchStack } from '../fairness/stack-process.ts';
import { runLoadBench } from '../load/run-load-bench.ts';
import { runReportsBench } from '../reports/run-reports-bench.ts';
import { readResults, tempResults } from './smoke-support.ts';

/** Enough generated practices for a few survey assessments (about one practice in ten has one). */
const PRACTICES = '30';

// The benches on the generated data set, on the tiniest settings, sharing one small data set
// (a database of this test run, never the 20,000-practice `portal_scale`) and one stack as `npm
// start` runs it (the load and fairness benches'): each must run to its end and write its JSON
// (bench/GUIDE.md, "Smoke tests").
describe('the data-set benches on tiny settings', () => {
  let db: TestDatabase;
  // The stack takes the longest to start (its three processes load their TypeScript): it starts
  // beside the data's generation and the in-process benches, and the benches that need it wait for it.
  let starting: Promise<StackProcess> | undefined;
  const stack = () => starting!;
  const data = () => ['--practices', PRACTICES, '--database-url', db.url];
  beforeAll(async () => {
    db = await createTestDatabase('migrated');
    starting = startBenchStack(db.url, () => {});
    // Its failure is the first test's that waits for it, not an unhandled rejection meanwhile.
    starting.catch(() => {});
    await openScaleDatabase(Number(PRACTICES), db.url, () => {});
  }, 180_000);
  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
    await db?.drop();
  });

  it('npm run bench -- reports: one iteration of each case', async () => {
    const results = tempResults('reports');
    await expect(
      runReportsBench(['--iterations', '1', '--warmup', '0', ...data(), '--results', results]),
    ).resolves.toBe(0);
    const json = readResults<{ reports: Array<{ n: number }>; dashboard: Array<{ n: number }> }>(results);
    expect(json.reports.length).toBeGreaterThan(0);
    expect(json.dashboard.length).toBeGreaterThan(0);
    for (const c of [...json.reports, ...json.dashboard]) expect(c.n).toBe(1);
  }, 120_000);

  it('npm run bench -- engine: a few requests per target, two subscribers, two refetch ticks', async () => {
    const results = tempResults('engine');
    const tiny = { iterations: 4, warmup: 1, rounds: 1, concurrency: 2, subscribers: 2 };
    const live = { 'refetch-interval': 200, 'live-ticks': 2, 'live-updates': 1, 'live-settle-ms': 0 };
    const args = Object.entries({ ...tiny, ...live }).flatMap(([k, v]) => [`--${k}`, String(v)]);
    await expect(runEngineBench([...args, ...data(), '--results', results])).resolves.toBe(0);
    const json = readResults<EngineBenchResult>(results);
    expect(json.queries.map((q) => q.name)).toEqual(['list', 'assessment', 'by_pk', 'update']);
    for (const q of json.queries) expect(q.sequential.engine.n).toBe(4);
    expect(json.live).toHaveLength(2);
    for (const l of json.live) {
      expect(l.statements_per_tick).toBeGreaterThan(0);
      expect(l.update_latency.n).toBe(2);
    }
  }, 120_000);

  it('npm run bench -- load: each workload at 2 connections for a second, engine and raw SQL', async () => {
    const results = tempResults('load');
    const args = ['--connections', '2', '--seconds', '1', '--warmup', '0', ...data(), '--results', results];
    await expect(runLoadBench(args, { stack: await stack() })).resolves.toBe(0);
    const json = readResults<{
      workloads: Array<{
        name: string;
        rows: Array<Record<'engine' | 'raw_sql', { requests: number; errors: number; p95_ms: number }>>;
      }>;
    }>(results);
    expect(json.workloads.map((w) => w.name)).toEqual(['list_pm', 'list', 'assessment', 'mix']);
    for (const w of json.workloads)
      for (const target of ['engine', 'raw_sql'] as const) {
        expect(w.rows[0]![target].requests, `${w.name} ${target}`).toBeGreaterThan(0);
        expect(w.rows[0]![target].errors, `${w.name} ${target}`).toBe(0);
        expect(w.rows[0]![target].p95_ms).toBeGreaterThan(0);
      }
  }, 120_000);

  it('npm run bench -- load --replicas 1,2: the list through one and through two replicas of each service', async () => {
    const results = tempResults('load-replicas');
    const args = [
      '--connections',
      '2',
      '--seconds',
      '1',
      '--warmup',
      '0',
      '--only',
      'list',
      '--replicas',
      '1,2',
    ];
    await expect(
      runLoadBench([...args, ...data(), '--results', results], { stack: await stack() }),
    ).resolves.toBe(0);
    const json = readResults<{
      replicas: number[];
      workloads: Array<{
        rows: Array<{ by_replicas: Array<{ replicas: number; requests: number; errors: number }> }>;
      }>;
    }>(results);
    expect(json.replicas).toEqual([1, 2]);
    const [row] = json.workloads[0]!.rows;
    expect(row!.by_replicas.map((r) => r.replicas)).toEqual([1, 2]);
    for (const figures of row!.by_replicas) {
      expect(figures.requests).toBeGreaterThan(0);
      expect(figures.errors).toBe(0);
    }
  }, 180_000);

  it('npm run bench -- fairness: one-second phases, no ramp', async () => {
    const results = tempResults('fairness');
    const args = ['--seconds', '1', '--ramp-seconds', '0', '--concurrency', '2', ...data()];
    await expect(runFairnessBench([...args, '--results', results], { stack: await stack() })).resolves.toBe(
      0,
    );
    const json = readResults<{ phases: Array<{ name: string; light: { n: number } }> }>(results);
    expect(json.phases.map((p) => p.name)).toContain('quiet');
    expect(json.phases.map((p) => p.name)).toContain('probe');
    for (const p of json.phases) expect(p.light.n, p.name).toBeGreaterThan(0);
  }, 120_000);
});
