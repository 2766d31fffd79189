import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScaleDatabase } from '../data/scale-database.ts';
import { runEngineBench } from '../engine/run-engine-bench.ts';
import { runFairnessBench } from '../fairness/run-fairness-bench.ts';
import { runLoadBench } from '../load/run-load-bench.ts';
import { runReportsBench } from '../reports/run-reports-bench.ts';
import { readResults, tempResults } from './smoke-support.ts';

/** Enough generated practices for a few survey assessments (about one practice in ten has one). */
const PRACTICES = '60';

// The benches on the generated data set, on the tiniest settings, sharing one small data set
// (a database of this test run, never the 20,000-practice `portal_scale`): each must run to its
// end and write its JSON (bench/README.md, "Benchmarks that cannot rot").
describe('the data-set benches on tiny settings', () => {
  let db: TestDatabase;
  const data = () => ['--practices', PRACTICES, '--database-url', db.url];
  beforeAll(async () => {
    db = await createTestDatabase('migrated');
    await openScaleDatabase(Number(PRACTICES), db.url, () => {});
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('npm run bench -- load: each workload at 2 connections for a second, engine and raw SQL', async () => {
    const results = tempResults('load');
    const args = ['--connections', '2', '--seconds', '1', '--warmup', '0', ...data(), '--results', results];
    await expect(runLoadBench(args)).resolves.toBe(0);
    const json = readResults<{
      workloads: Array<{
        name: string;
        rows: Array<Record<'engine' | 'raw_sql', { requests: number; errors: number; p95_ms: number }>>;
      }>;
    }>(results);
    expect(json.workloads.map((w) => w.name)).toEqual(['list', 'assessment', 'mix']);
    for (const w of json.workloads)
      for (const target of ['engine', 'raw_sql'] as const) {
        expect(w.rows[0]![target].requests, `${w.name} ${target}`).toBeGreaterThan(0);
        expect(w.rows[0]![target].errors, `${w.name} ${target}`).toBe(0);
        expect(w.rows[0]![target].p95_ms).toBeGreaterThan(0);
      }
  }, 120_000);

  it('npm run bench -- reports: one iteration of each case', async () => {
    const results = tempResults('reports');
    await expect(
      runReportsBench(['--iterations', '1', '--warmup', '0', ...data(), '--results', results]),
    ).resolves.toBe(0);
    readResults(results);
  }, 120_000);

  it('npm run bench -- engine: a few requests per target, two subscribers', async () => {
    const results = tempResults('engine');
    const args = [
      '--iterations',
      '4',
      '--warmup',
      '1',
      '--rounds',
      '1',
      '--concurrency',
      '2',
      '--subscribers',
      '2',
    ];
    await expect(
      runEngineBench([...args, '--refetch-interval', '200', ...data(), '--results', results]),
    ).resolves.toBe(0);
    readResults(results);
  }, 180_000);

  it('npm run bench -- fairness: one-second phases', async () => {
    const results = tempResults('fairness');
    await expect(
      runFairnessBench(['--seconds', '1', '--concurrency', '2', ...data(), '--results', results]),
    ).resolves.toBe(0);
    readResults(results);
  }, 180_000);
});
