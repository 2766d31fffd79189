import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../project/migrations.ts';
import { loadProject } from '../project/project.ts';
import { applySeeds } from '../project/seeds.ts';
import { BLOG_DIR } from '../testing/blog.ts';
import { type Case, FIXTURES_DIR, loadCases, type TargetConfig } from './cases.ts';
import { dockerAvailable, hasuraTarget } from './hasura-target.ts';
import { caseHeaders, engineTarget, queryRows, type Target } from './targets.ts';

const cases = loadCases();
const project = loadProject(BLOG_DIR);

/**
 * `internal` (SQL, Postgres details) legitimately differs between engines; compare the rest: in
 * GraphQL errors' `extensions`, and at the top of the admin endpoints' `{path, error, code}`.
 */
function withoutInternal(json: unknown): unknown {
  const body = json as { errors?: Array<{ extensions?: Record<string, unknown> }>; internal?: unknown };
  for (const e of body.errors ?? []) delete e.extensions?.internal;
  if (json && typeof json === 'object' && !Array.isArray(json)) delete body.internal;
  return json;
}

/** Runs one case against a target; compares JSON exactly and, when the target can tell, the SQL. */
async function runCase(c: Case, target: Target, databaseUrl: string) {
  target.takeStatements?.();
  const res = await target.post(c.request, await caseHeaders(c), c.endpoint, c.method);
  expect(withoutInternal(res.json)).toEqual(c.response);
  expect(res.status).toBe(c.status);
  if (c.after) expect(await queryRows(databaseUrl, c.after.sql)).toEqual(c.after.rows);
  const statements = target.takeStatements?.();
  // The generated SQL is part of a GraphQL case's golden files; the admin endpoints' is not.
  if (statements && c.endpoint === '/v1/graphql')
    await expect(`${statements.join('\n\n')}\n`).toMatchFileSnapshot(c.file.replace(/\.yaml$/, '.sql'));
}

/** A throwaway database on another server (e.g. PostgreSQL 15), for ENGINE_CONFORMANCE_PG_URL. */
async function externalDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `engine_conformance_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const external = process.env.ENGINE_CONFORMANCE_PG_URL;
const servers: Array<[string, () => Promise<TestDatabase>]> = [
  ['embedded PostgreSQL', () => createTestDatabase('empty')],
];
if (external) servers.push([`ENGINE_CONFORMANCE_PG_URL`, () => externalDatabase(external)]);

for (const [server, makeDatabase] of servers)
  describe(`conformance: engine on the blog fixture (HASURA-DIALECT §13), ${server}`, () => {
    let db: TestDatabase;
    const targets = new Map<string, Target>();
    const fixtureDatabases: TestDatabase[] = [];
    const target = async (config: TargetConfig, fixture?: string) => {
      const key = `${config}\u0000${fixture ?? ''}`;
      let t = targets.get(key);
      if (!t) {
        if (fixture) {
          // A fixture of its own: its migrations and seeds on a database of its own.
          const own = await makeDatabase();
          fixtureDatabases.push(own);
          const projectDir = path.join(FIXTURES_DIR, fixture);
          await applyMigrations({ project: loadProject(projectDir), databaseUrl: own.url });
          await applySeeds({ project: loadProject(projectDir), databaseUrl: own.url });
          t = await engineTarget(own, config, projectDir);
        } else t = await engineTarget(db, config);
        targets.set(key, t);
      }
      return t;
    };
    beforeAll(async () => {
      db = await makeDatabase();
      await applyMigrations({ project, databaseUrl: db.url });
    });
    beforeEach(async () => {
      await applySeeds({ project, databaseUrl: db.url });
    });
    afterAll(async () => {
      for (const t of targets.values()) await t.close();
      await db?.drop();
      for (const own of fixtureDatabases) await own.drop();
    });
    for (const c of cases)
      it(`${c.name}: ${c.description}`, async () => runCase(c, await target(c.config, c.fixture), db.url));
  });

const docker = await dockerAvailable();
const skipNote = docker
  ? ''
  : ' [skipped: no container runtime found (testcontainers getContainerRuntimeClient() rejected); install Docker to compare with real Hasura]';

describe.skipIf(!docker)(
  `conformance: real Hasura (${process.env.HASURA_IMAGE ?? 'default image'})${skipNote}`,
  () => {
    const targets = new Map<string, Target & { databaseUrl: string }>();
    const target = async (config: TargetConfig, fixture?: string) => {
      const key = `${config}\u0000${fixture ?? ''}`;
      let t = targets.get(key);
      if (!t) {
        t = await hasuraTarget(config, fixture ? path.join(FIXTURES_DIR, fixture) : undefined);
        targets.set(key, t);
      }
      // A fixture's container was seeded when it started (hasuraTarget).
      if (!fixture) await applySeeds({ project, databaseUrl: t.databaseUrl });
      return t;
    };
    afterAll(async () => {
      for (const t of targets.values()) await t.close();
    });
    for (const c of cases.filter((c) => !c.engine_only))
      it(`${c.name}: ${c.description}`, { timeout: 180_000 }, async () => {
        const t = await target(c.config, c.fixture);
        await runCase(c, t, t.databaseUrl);
      });
  },
);
