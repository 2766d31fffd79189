import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, dropDatabase, withDatabase } from './cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's `postgres` database (superuser). */
    pgAdminUrl: string;
    /** Why the demo seeds failed to load into the seeded template ('' when they loaded). */
    seedError: string;
    /** A directory of this test run, removed when it ends (for what test files share, e.g. a build). */
    runDir: string;
  }
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
  await createDatabase(adminUrl, name, TEMPLATES[template]);
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
