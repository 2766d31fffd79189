import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import type { Engine } from '../engine/create.ts';
import type { EngineCore } from '../engine/engine.ts';
import { loadEngineCore } from '../engine/load-engine-core.ts';
import type { EngineOptions } from '../engine/options.ts';
import type { Session } from '../exec/executor.ts';
import { applyMigrations } from '../project/migrations.ts';
import { loadProject } from '../project/project.ts';
import { applySeeds } from '../project/seeds.ts';
import { startFromEnv } from '../server/main.ts';

/** The conformance fixture project (HASURA-DIALECT §13). */
export const BLOG_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/blog');

/** The admin secret of the blog engines the tests start. */
export const BLOG_ADMIN_SECRET = 's3cret';

/** The header that makes a request the admin's. */
export const ADMIN_HEADERS: Readonly<Record<string, string>> = { 'x-hasura-admin-secret': BLOG_ADMIN_SECRET };

/**
 * The engine's HTTP server on the blog fixture and `databaseUrl`, started from HASURA_GRAPHQL_*
 * variables as the local stack starts it, on a free port; `env` adds or overrides variables
 * (limits, a JWT secret, CORS). `base` is its origin.
 */
export async function startBlogServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ engine: Engine; base: string }> {
  const engine = await startFromEnv(['--project', BLOG_DIR], {
    HASURA_GRAPHQL_DATABASE_URL: databaseUrl,
    HASURA_GRAPHQL_ADMIN_SECRET: BLOG_ADMIN_SECRET,
    HASURA_GRAPHQL_SERVER_PORT: '0',
    ...env,
  });
  return { engine, base: `http://127.0.0.1:${engine.port}` };
}

/**
 * POSTs to `url` (a string body as it is, anything else as JSON), as the admin unless other
 * headers are given, and reads the JSON answer.
 */
export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = ADMIN_HEADERS,
): Promise<{ status: number; json: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

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
