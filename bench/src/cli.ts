/**
 * `npm run bench -- <name> [options]`: runs one benchmark, prints its table and writes
 * `bench/results/<name>.json`. Benchmarks report numbers; they are not timed tests.
 */

export {};

interface Bench {
  summary: string;
  run(args: string[]): Promise<number>;
}

const benches: Record<string, Bench> = {
  assessment: {
    summary:
      'the assessment screen with 150 indicators in Chromium on the production build: navigation to interactive, ' +
      'GraphQL requests, route chunk size, last keystroke to saved answer (--runs 10 --edits 20)',
    run: async (args) => (await import('./assessment/run-assessment-bench.ts')).runAssessmentBench(args),
  },
  documents: {
    summary:
      'a zip of a folder of 200 files (1 GB) streamed by the actions service from s3rver: peak RSS growth, ' +
      'time to first byte, throughput against reading S3 directly; presigned against direct PUT (--files 200 --total-mb 1000 --runs 3)',
    run: async (args) => (await import('./documents/run-documents-bench.ts')).runDocumentsBench(args),
  },
  editions: {
    summary:
      'moving 1,000 self assessments of 150 answered indicators (a comment and a document each) to a newer ' +
      'edition through the move service, one transaction each: total against 1 minute, per-assessment p95, ' +
      'and the dry run (--assessments 1000 --results FILE)',
    run: async (args) => (await import('./editions/run-editions-bench.ts')).runEditionsBench(args),
  },
  engine: {
    summary:
      'engine vs raw SQL vs PostGraphile v5 on the 20,000-practice data set, and live-query fan-out ' +
      '(--iterations 300 --warmup 50 --concurrency 8 --rounds 6 --subscribers 200 --database-url URL)',
    run: async (args) => (await import('./engine/run-engine-bench.ts')).runEngineBench(args),
  },
  fairness: {
    summary:
      "one practice manager's heaviest allowed load (8 requests at a time, an attacker's probe) while a second " +
      "user's simple query is timed through the stack as `npm start` runs it on the 20,000-practice data: its p95 " +
      'against 100 ms, /healthz, CPU by process (--seconds 20 --concurrency 8 --database-url URL --results FILE)',
    run: async (args) => (await import('./fairness/run-fairness-bench.ts')).runFairnessBench(args),
  },
  lighthouse: {
    summary:
      'Lighthouse 12 (desktop preset, headless Chromium) on sign-in, practice list, practice overview, the 150-indicator ' +
      'assessment, documents and the management report of the production build, each as its user: performance >= 95, ' +
      'accessibility 100, best practices 100 (--screens a,b --runs 3 --results FILE --echo)',
    run: async (args) => (await import('./lighthouse/run-lighthouse-bench.ts')).runLighthouseBench(args),
  },
  load: {
    summary:
      "the practice list as practice managers (the app's request, one manager per connection) and searched as admin, the assessment read and a mix with an update through the gateway of the stack as `npm start` runs it " +
      '(autocannon) at 50, 100 and 200 connections, beside the same SQL sent straight to PostgreSQL at the same concurrency: ' +
      'req/s and p95 against 250 ms at 200 (--connections 50,100,200 --seconds 10 --warmup 3 --only list_pm,list,assessment,mix --database-url URL)',
    run: async (args) => (await import('./load/run-load-bench.ts')).runLoadBench(args),
  },
  'pdf-reports': {
    summary: 'an alias of `pdf --only assessment_report,action_plan_report` (the reports alone)',
    run: async (args) =>
      (await import('./pdf/run-pdf-bench.ts')).runPdfBench([
        '--only',
        'assessment_report,action_plan_report',
        ...args,
      ]),
  },
  pdf: {
    summary:
      'the PDFs the actions service makes, case by case (PDF_CASES): the certificate in A3 and A4 against 300 ms, ' +
      'the 150-indicator survey report and the action plan report on a real database against 2 s and 2 MB ' +
      '(--runs N --warmup N --only certificate_a3,certificate_a4,assessment_report,action_plan_report --out DIR)',
    run: async (args) => (await import('./pdf/run-pdf-bench.ts')).runPdfBench(args),
  },
  reports: {
    summary:
      "the reports (management, analytics, comparative) through their loaders under a manager's filters, " +
      "and the dashboard's requests per role through the engine, on the 20,000-practice data: p95 against 300 ms " +
      'and 100 ms (--iterations 40 --warmup 5 --database-url URL)',
    run: async (args) => (await import('./reports/run-reports-bench.ts')).runReportsBench(args),
  },
  survey: {
    summary:
      '50 surveyors editing one survey visit assessment over GraphQL HTTP and WebSocket, each with its own JWT, ' +
      'with the 1 s save debounce: lost writes, and the p95 for a lock or a saved answer to reach the others (--sessions 50 --seconds 60)',
    run: async (args) => (await import('./survey/run-survey-bench.ts')).runSurveyBench(args),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(benches).map((n) => n.length));
  return [
    'usage: npm run bench -- <name> [options]',
    '',
    ...Object.entries(benches).map(([name, b]) => `  ${name.padEnd(width)}  ${b.summary}`),
  ].join('\n');
}

const [name, ...args] = process.argv.slice(2);
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.log(usage());
  process.exit(name && name !== '--help' && name !== '-h' ? 2 : 0);
}
try {
  process.exitCode = await bench.run(args);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
// Pools, sockets or the embedded cluster's hooks must not keep a finished benchmark alive.
process.exit(process.exitCode);
