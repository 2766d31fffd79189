import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run for the whole repository. Tests sit beside the code (`*.test.ts`).
// The global setup starts one embedded PostgreSQL cluster and builds a migrated,
// seeded template database; each test file clones its own database from it.
export default defineConfig({
  test: {
    include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx', 'hasura/tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '.data/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
    // expect.poll's own default (1 s) is shorter than a real stack's answer on a busy 2-core
    // machine; 8 s is what a browser action waits in the journeys (e2e's ACTION_TIMEOUT_MS).
    expect: { poll: { timeout: 8_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker per core but one; on our 2-core machines that is a single
    // worker, and most files wait (on PostgreSQL, the engine, a browser) more than they compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // @apollo/client 3 is CommonJS to Node (ESM only through its "module" field): ra-data-graphql's
    // named imports of it load when Vite transforms both (the admin console's data provider tests).
    server: { deps: { inline: ['ra-data-graphql', '@apollo/client'] } },
    // The unhandled-errors reporter repeats each such error briefly after the summary (CI logs keep the tail).
    // The JSON report is what `npm run test:report` reads (the slowest files; docs/testing.md).
    reporters: ['default', './vitest.unhandled-reporter.ts', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
