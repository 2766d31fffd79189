import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { expect, inject } from 'vitest';
import { createDatabase, dropDatabase, withDatabase } from './cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's `postgres` database (superuser). */
    pgAdminUrl: string;
    /** Why the demo seeds failed to load into the seeded template ('' when they loaded). */
    seedError: string;
    /** A directory of this test run, removed when it ends (for what test files share, e.g. a build). */
    runDir: string;
    /** Where set-up steps are recorded (`timedSetup`), one JSON line each; read by `npm run test:report`. */
    timingsFile: string;
  }
}

/** The set-up steps whose time the test report adds up, besides the tests themselves. */
export type SetupKind = 'database' | 'stack' | 'browser' | 'web build';

/**
 * Runs a test file's set-up step (a database clone, a stack, a browser) and records how long it
 * took, with the file, for `npm run test:report` (docs/testing.md). Outside vitest it only runs it.
 */
export async function timedSetup<T>(kind: SetupKind, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  if (process.env.VITEST) {
    const line = {
      file: expect.getState().testPath ?? '',
      kind,
      ms: Math.round(performance.now() - started),
    };
    appendFileSync(inject('timingsFile'), `${JSON.stringify(line)}\n`);
  }
  return result;
}

/** Template databases built once per test run by the global setup. */
export const TEMPLATES = {
  /** Nothing in it. */
  empty: 'template0',
  /** Every migration of `hasura/` applied. */
  migrated: 'portal_migrated',
  /** Migrations and seeds (the demo data) applied. */
  seeded: 'portal_seeded',
} as const;

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh database for one test file, cloned from a template. */
export async function createTestDatabase(
  template: keyof typeof TEMPLATES = 'migrated',
): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  if (template === 'seeded' && inject('seedError')) {
    throw new Error(`the demo seeds did not load, so no seeded database can be made: ${inject('seedError')}`);
  }
  const name = `test_${template}_${randomBytes(5).toString('hex')}`;
  await timedSetup('database', () => createDatabase(adminUrl, name, TEMPLATES[template]));
  return { name, url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/** The test cluster's superuser URL. */
export function testAdminUrl(): string {
  return inject('pgAdminUrl');
}

/** This test run's own directory (removed when the run ends). */
export function testRunDir(): string {
  return inject('runDir');
}
