import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The order of the projects in a run (see LongestFirst). */
const PROJECT_ORDER = ['browser', 'screens', 'unit'];

/**
 * The files that take a minute or more, slowest first (`npm run test:report` lists them). A clean
 * checkout, CI's, has no timings of an earlier run: without this list they would start wherever
 * their size put them, and one started last would run alone at the end of its project.
 */
const SLOW_FILES = [
  'e2e/src/readme.test.ts',
  'e2e/src/survey-offline-restart.test.ts',
  'e2e/src/survey-offline.test.ts',
  'e2e/src/assessment-self.test.ts',
  'e2e/src/assessment-certification.test.ts',
  'web/src/features/staff/components/staff-tab.test.tsx',
  'web/src/features/assessment-review/components/action-plan.test.tsx',
  'web/src/features/practices/components/practice-pages.test.tsx',
  'bench/src/smoke/scale-benches.test.ts',
  'bench/src/smoke/browser-benches.test.ts',
  'stack/src/cli.test.ts',
  'stack/src/stack.test.ts',
  'stack/src/real-stack.test.ts',
  'stack/src/replicas-stack.test.ts',
];

/**
 * The README test first (it installs and starts the product twice), then the browser journeys,
 * then the screens, then the rest; in each project the files of `SLOW_FILES` first, so that no
 * worker is left running one of them alone at the end, then vitest's own order (slowest first
 * once it has timings). One project's files follow each other so that a worker that ends one of
 * them goes on to the next in the same process (a worker is reused only for the same project).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index < 0 ? SLOW_FILES.length : index;
    };
    const project = (file: TestSpecification) =>
      slow(file) === 0 ? -1 : PROJECT_ORDER.indexOf(file.project.name);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => project(a.file) - project(b.file) || slow(a.file) - slow(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

/** What every project of the run shares. */
const COMMON = {
  // A worker runs its files one after another in one process and keeps their modules: React,
  // Mantine, the engine, the actions service and a journey's stack and Chromium load once per
  // worker, not once per file (docs/testing.md). So no test replaces a module (vi.mock: the lint
  // forbids it) and no module keeps a test's state.
  isolate: false,
  testTimeout: 30_000,
  // expect.poll's own default (1 s) is shorter than a real stack's answer on a busy 2-core
  // machine; 8 s is what a browser action waits in the journeys (e2e's ACTION_TIMEOUT_MS).
  expect: { poll: { timeout: 8_000 } },
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // @apollo/client 3 is CommonJS to Node (ESM only through its "module" field): ra-data-graphql's
  // named imports of it load when Vite transforms both (the admin console's data provider tests).
  server: { deps: { inline: ['ra-data-graphql', '@apollo/client'] } },
};

// One vitest run for the whole repository. Tests sit beside the code (`*.test.ts`). The global
// setup starts one embedded PostgreSQL cluster and builds a migrated and a seeded template
// database; each test file clones its own database from one (docs/testing.md).
export default defineConfig({
  test: {
    // The root's global setup runs once for all projects (they do not extend the root config,
    // which would run it once per project) and what it provides reaches every test.
    globalSetup: ['./vitest.global-setup.ts'],
    // Vitest's default is one worker per core but one; on our 2-core machines that is a single
    // worker, and most files wait (on PostgreSQL, the engine, a browser) more than they compute.
    // Two workers left the cores idle two fifths of a run (1,340 s of CPU in a 1,202 s run on 2
    // cores); three keep them busy and took the run from 1,112 s to 945 s (docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    // The unhandled-errors reporter repeats each such error briefly after the summary (CI logs keep the tail).
    // The JSON report is what `npm run test:report` reads (the slowest files; docs/testing.md).
    reporters: ['default', './vitest.unhandled-reporter.ts', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        // The browser journeys (e2e/): a worker's files share its stack and Chromium (e2e/src/support/suite.ts).
        test: { ...COMMON, name: 'browser', include: ['e2e/src/**/*.test.ts'] },
      },
      {
        // The web app's screens and browser-side code (`web/src/**/*.test.tsx`) in jsdom. The
        // setup file runs again before each file and cleans up after each test (setup-dom.ts).
        test: {
          ...COMMON,
          name: 'screens',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup-dom.ts'],
        },
      },
      {
        // Everything else, in Node: a file still starts its own stack on its own database and closes it.
        test: {
          ...COMMON,
          name: 'unit',
          include: ['**/src/**/*.test.ts', 'hasura/tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', '.data/**', 'e2e/**'],
        },
      },
    ],
  },
});
