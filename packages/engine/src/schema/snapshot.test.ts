import path from 'node:path';
import { createTestDatabase } from '@portal/devdb/testing';
import { buildClientSchema, getIntrospectionQuery, graphqlSync, printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineCore } from '../engine/engine.ts';
import { loadEngineCore } from '../engine/load-engine-core.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';
import { schemaSnapshots } from './snapshot.ts';

/**
 * Per-role schema snapshots. Each project listed here gets one `<role>.graphql.snap` per role (not `.graphql`: the formatter would rewrite it) under
 * `test/snapshots/<name>/`; a new role or permission shows up as a new or changed file.
 */
const PROJECTS: Array<{
  name: string;
  dir: string;
  database: () => Promise<{ url: string; drop(): Promise<void> }>;
  /** Keep per-role SDL files. */
  snapshots: boolean;
}> = [
  { name: 'blog', dir: BLOG_DIR, database: blogDatabase, snapshots: true },
  // The portal's own project: a change of its permissions or actions shows up as a changed
  // test/snapshots/portal/<role>.graphql.snap (rewrite them with `npx vitest run <this file> --update`).
  {
    name: 'portal',
    dir: path.resolve(import.meta.dirname, '../../../../hasura'),
    database: () => createTestDatabase('migrated'),
    snapshots: true,
  },
];
const SNAPSHOTS = path.resolve(import.meta.dirname, '../../test/snapshots');

for (const project of PROJECTS) {
  describe(`schema snapshots: ${project.name}`, () => {
    let core: EngineCore;
    let db: { url: string; drop(): Promise<void> };
    beforeAll(async () => {
      db = await project.database();
      core = await loadEngineCore({ projectDir: project.dir, databaseUrl: db.url, poolSize: 1 });
    });
    afterAll(async () => {
      await core?.executor.close();
      await db?.drop();
    });

    it.skipIf(!project.snapshots)('matches the stored SDL of every role', async () => {
      for (const [role, sdl] of schemaSnapshots(core))
        await expect(sdl).toMatchFileSnapshot(path.join(SNAPSHOTS, project.name, `${role}.graphql.snap`));
    });

    it('answers the standard introspection query (GraphiQL, graphcache) for every role', () => {
      for (const role of core.model.roles) {
        const { schema } = core.schemaFor(role);
        const result = graphqlSync({ schema, source: getIntrospectionQuery() });
        expect(result.errors).toBeUndefined();
        const client = buildClientSchema(result.data as never);
        expect(printSchema(client)).toBe(printSchema(schema));
      }
    });
  });
}
