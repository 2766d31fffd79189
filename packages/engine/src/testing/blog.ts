import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { type EngineCore, type EngineOptions, loadEngineCore } from '../engine/engine.ts';
import type { Session } from '../exec/executor.ts';
import { applyMigrations } from '../project/migrations.ts';
import { loadProject } from '../project/project.ts';
import { applySeeds } from '../project/seeds.ts';

/** The conformance fixture project (HASURA-DIALECT §13). */
export const BLOG_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/blog');

/** A fresh database with the blog fixture migrated and seeded. */
export async function blogDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase('empty');
  const project = loadProject(BLOG_DIR);
  await applyMigrations({ project, databaseUrl: db.url });
  await applySeeds({ project, databaseUrl: db.url });
  return db;
}

/** A fresh database with the blog fixture migrated and seeded, and an engine core on it. */
export async function blogEngine(
  options: Partial<EngineOptions> = {},
): Promise<{ db: TestDatabase; core: EngineCore; reseed(): Promise<void>; close(): Promise<void> }> {
  const db = await createTestDatabase('empty');
  const project = loadProject(BLOG_DIR);
  await applyMigrations({ project, databaseUrl: db.url });
  const reseed = async () => {
    await applySeeds({ project, databaseUrl: db.url });
  };
  await reseed();
  const core = await loadEngineCore({
    projectDir: BLOG_DIR,
    databaseUrl: db.url,
    adminSecret: 's3cret',
    poolSize: 4,
    ...options,
  });
  return {
    db,
    core,
    reseed,
    close: async () => {
      await core.executor.close();
      await db.drop();
    },
  };
}

/** A session as the admin secret would give it. */
export const admin: Session = {
  role: 'admin',
  vars: { 'x-hasura-role': 'admin' },
  adminAuth: true,
  backendOnly: false,
};

/** A session for a role with session variables. */
export const as = (role: string, vars: Record<string, string> = {}): Session => ({
  role,
  vars: { 'x-hasura-role': role, ...vars },
  adminAuth: false,
  backendOnly: false,
});
