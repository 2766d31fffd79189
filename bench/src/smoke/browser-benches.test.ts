import { type E2eStack, startE2eStack } from '@portal/e2e/support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentBenchResult } from '../assessment/report.ts';
import { runAssessmentBench } from '../assessment/run-assessment-bench.ts';
import { type LighthouseScreenResult, runLighthouseBench } from '../lighthouse/run-lighthouse-bench.ts';
import { readResults, tempResults } from './smoke-support.ts';

// The benches on the production build in Chromium, on the tiniest settings, sharing one stack:
// each must run to its end and write its JSON (bench/README.md, "Benchmarks that cannot rot").
describe('the browser benches on tiny settings', () => {
  let stack: E2eStack;
  beforeAll(async () => {
    stack = await startE2eStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('npm run bench -- lighthouse: one screen, one run, with its three scores and metrics', async () => {
    const results = tempResults('lighthouse');
    await expect(
      runLighthouseBench(['--screens', 'sign-in', '--runs', '1', '--results', results], { stack }),
    ).resolves.toBe(0);
    const json = readResults<{ screens: LighthouseScreenResult[] }>(results);
    expect(json.screens.map((s) => s.name)).toEqual(['sign-in']);
    const [signIn] = json.screens;
    for (const score of Object.values(signIn!.median.scores)) expect(score).toBeGreaterThan(0);
    expect(signIn!.median.metrics.fcp_ms).toBeGreaterThan(0);
  }, 120_000);

  it('npm run bench -- assessment: one run of a 5-indicator assessment, one edit', async () => {
    const results = tempResults('assessment');
    const args = ['--runs', '1', '--warmup', '0', '--edits', '1', '--sets', '1', '--indicators-per-set', '5'];
    await expect(runAssessmentBench([...args, '--results', results], { stack })).resolves.toBe(0);
    const json = readResults<AssessmentBenchResult>(results);
    expect(json.data.indicators).toBe(5);
  }, 120_000);
});
