import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocumentsBench } from '../documents/run-documents-bench.ts';
import { runEditionsBench } from '../editions/run-editions-bench.ts';
import { runPdfBench } from '../pdf/run-pdf-bench.ts';
import { runSurveyBench } from '../survey/run-survey-bench.ts';
import { readResults, tempResults } from './smoke-support.ts';

/** The engine's refetch interval in this file's stack (the survey bench is told it). */
const REFETCH_MS = 200;

// The benches that make their own data on a migrated database, on the tiniest settings, sharing one
// test stack on a clone of the run's migrated template (on their own, each starts a throwaway
// cluster): each must run to its end and write its JSON (bench/GUIDE.md, "Smoke tests").
describe('the service benches on tiny settings', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      template: 'migrated',
      engine: { refetchIntervalMs: REFETCH_MS, poolSize: 10 },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('npm run bench -- pdf: one run of each PDF, a 5-indicator report', async () => {
    const results = tempResults('pdf');
    await expect(
      runPdfBench(['--runs', '1', '--warmup', '0', '--indicators', '5', '--results', results], { stack }),
    ).resolves.toBe(0);
    const json = readResults<{ cases: Record<string, { n: number; bytes: number }> }>(results);
    expect(Object.keys(json.cases)).toEqual([
      'certificate_a3',
      'certificate_a4',
      'assessment_report',
      'action_plan_report',
    ]);
    for (const [name, c] of Object.entries(json.cases)) {
      expect(c.n, name).toBe(1);
      expect(c.bytes, name).toBeGreaterThan(1000);
    }
  }, 120_000);

  it('npm run bench -- documents: a zip of 2 files, 1 MB, one run', async () => {
    const results = tempResults('documents');
    await expect(
      runDocumentsBench(['--files', '2', '--total-mb', '1', '--runs', '1', '--results', results], {
        databaseUrl: stack.database.url,
      }),
    ).resolves.toBe(0);
    const json = readResults<{ zip: { runs: Array<{ zip_bytes: number }> } }>(results);
    expect(json.zip.runs).toHaveLength(1);
    expect(json.zip.runs[0]!.zip_bytes).toBeGreaterThan(1_000_000);
  }, 120_000);

  it('npm run bench -- editions: three assessments moved', async () => {
    const results = tempResults('editions');
    await expect(runEditionsBench(['--assessments', '3', '--results', results], { stack })).resolves.toBe(0);
    const json = readResults<{ moved: number; refused: number; per_assessment: { n: number } }>(results);
    expect(json.moved).toBe(3);
    expect(json.refused).toBe(0);
    expect(json.per_assessment.n).toBe(3);
  }, 120_000);

  it('npm run bench -- survey: two surveyors for one second on 5 indicators, quick pacing', async () => {
    const results = tempResults('survey');
    const pacing = ['--debounce-ms', '100', '--reset-ms', '50', '--stagger-ms', '0'];
    const args = ['--sessions', '2', '--seconds', '1', '--indicators', '5', ...pacing];
    await expect(
      runSurveyBench([...args, '--refetch-interval', String(REFETCH_MS), '--results', results], { stack }),
    ).resolves.toBe(0);
    const json = readResults<{ edits: { saves: number; failures: number }; lost_writes: number }>(results);
    expect(json.edits.saves).toBeGreaterThanOrEqual(2);
    expect(json.edits.failures).toBe(0);
    expect(json.lost_writes).toBe(0);
  }, 120_000);
});

// The survey bench on the stack as `npm start` runs it (processes), with two replicas of the engine
// and of actions, one of each killed mid-run: its own throwaway cluster and stack.
describe('the survey bench with replicas on tiny settings', () => {
  it('npm run bench -- survey --replicas 2 --kill-at 2: two surveyors, engine-1 and actions-1 killed after 2 s', async () => {
    const results = tempResults('survey-replicas');
    const pacing = ['--debounce-ms', '100', '--reset-ms', '50', '--stagger-ms', '0'];
    const args = ['--sessions', '2', '--seconds', '4', '--indicators', '5', ...pacing];
    await expect(
      runSurveyBench([...args, '--replicas', '2', '--kill-at', '2', '--results', results]),
    ).resolves.toBe(0);
    const json = readResults<{
      edits: { saves: number; failures: number };
      lost_writes: number;
      wrong_answers: number;
      faults: { replicas: number; killed: string; token_refreshes: number; reconnects: number };
    }>(results);
    expect(json.faults.replicas).toBe(2);
    expect(json.faults.killed).toMatch(/^engine-1 \(pid \d+\) and actions-1 \(pid \d+\)$/);
    // Each session's token was refreshed through the actions service left.
    expect(json.faults.token_refreshes).toBe(2);
    expect(json.edits.saves).toBeGreaterThanOrEqual(2);
    expect(json.edits.failures).toBe(0);
    expect(json.lost_writes).toBe(0);
    expect(json.wrong_answers).toBe(0);
  }, 240_000);
});
