import { type E2eStack, startE2eStack } from '@portal/e2e/support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentBenchResult } from '../assessment/report.ts';
import { runAssessmentBench } from '../assessment/run-assessment-bench.ts';
import { type LighthouseScreenResult, runLighthouseBench } from '../lighthouse/run-lighthouse-bench.ts';
import { readResults, tempResults } from './smoke-support.ts';

// The benches on the production build in Chromium, on the tiniest settings, sharing one stack:
// each must run to its end and write its JSON (bench/GUIDE.md, "Smoke tests").
describe('the browser benches on tiny settings', () => {
  let stack: E2eStack;
  beforeAll(async () => {
    stack = await startE2eStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('npm run bench -- lighthouse: the sign-in screen, one run, its accessibility score', async () => {
    const results = tempResults('lighthouse');
    const args = [
      '--screens',
      'sign-in',
      '--runs',
      '1',
      '--categories',
      'accessibility',
      '--throttling',
      'provided',
      '--quick',
    ];
    await expect(runLighthouseBench([...args, '--results', results], { stack })).resolves.toBe(0);
    const json = readResults<{ screens: LighthouseScreenResult[] }>(results);
    expect(json.screens.map((s) => s.name)).toEqual(['sign-in']);
    const [signIn] = json.screens;
    expect(Object.keys(signIn!.median.scores)).toEqual(['accessibility']);
    expect(signIn!.median.scores.accessibility).toBeGreaterThan(0);
    expect(signIn!.meets.accessibility).toBeTypeOf('boolean');
  }, 120_000);

  it('npm run bench -- assessment: one run of a 5-indicator assessment, one edit', async () => {
    const results = tempResults('assessment');
    const args = ['--runs', '1', '--warmup', '0', '--edits', '1', '--sets', '1', '--indicators-per-set', '5'];
    const pacing = ['--quiet-ms', '250', '--key-delay-ms', '0'];
    await expect(runAssessmentBench([...args, ...pacing, '--results', results], { stack })).resolves.toBe(0);
    const json = readResults<AssessmentBenchResult>(results);
    expect(json.data.indicators).toBe(5);
    expect(json.navigation.deep_link_runs).toHaveLength(1);
    expect(json.navigation.deep_link.median_ms).toBeGreaterThan(0);
    expect(json.save.last_keystroke_to_stored.n).toBe(1);
    // The screen's data: the assessment's own query and its edition's standards, the latter from
    // the cache when the same tab comes back to it.
    const { query } = json.requests.deep_link.screen;
    expect([query.GetAssessment, query.GetEditionStandards]).toEqual([1, 1]);
    const back = json.requests.return.screen.query;
    expect([back.GetAssessment, back.GetEditionStandards]).toEqual([1, undefined]);
    expect(json.navigation.deep_link_runs[0]!.get_assessment_bytes).toBeGreaterThan(0);
    expect(json.navigation.deep_link_runs[0]!.standards_bytes).toBeGreaterThan(0);
    expect(json.targets.map((t) => t.target)).toContain(
      'input delay: each keystroke in a textarea → the next paint, p95 under 50 ms',
    );
  }, 120_000);
});
