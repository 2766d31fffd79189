import { describe, expect, it } from 'vitest';
import { runDocumentsBench } from '../documents/run-documents-bench.ts';
import { runPdfBench } from '../pdf/run-pdf-bench.ts';
import { runSurveyBench } from '../survey/run-survey-bench.ts';
import { readResults, tempResults } from './smoke-support.ts';

// The benches that start their own services (a throwaway cluster, s3rver, the actions service),
// on the tiniest settings: each must run to its end and write its JSON (bench/README.md,
// "Benchmarks that cannot rot").
describe('the service benches on tiny settings', () => {
  it('npm run bench -- pdf: one run of each PDF, a 5-indicator report', async () => {
    const results = tempResults('pdf');
    await expect(
      runPdfBench(['--runs', '1', '--warmup', '0', '--indicators', '5', '--results', results]),
    ).resolves.toBe(0);
    readResults(results);
  }, 120_000);

  it('npm run bench -- documents: a zip of 2 files, 1 MB', async () => {
    const results = tempResults('documents');
    await expect(
      runDocumentsBench(['--files', '2', '--total-mb', '1', '--runs', '1', '--results', results]),
    ).resolves.toBe(0);
    readResults(results);
  }, 120_000);

  it('npm run bench -- survey: two surveyors for two seconds on 5 indicators', async () => {
    const results = tempResults('survey');
    await expect(
      runSurveyBench(['--sessions', '2', '--seconds', '2', '--indicators', '5', '--results', results]),
    ).resolves.toBe(0);
    readResults(results);
  }, 120_000);
});
