import path from 'node:path';
import { createTestDatabase } from '@portal/devdb/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineCore } from '../engine/engine.ts';
import { loadEngineCore } from '../engine/load-engine-core.ts';
import { admin } from '../testing/blog.ts';

/**
 * The portal's own project on its seeded database: every tracked table answers a select of all its
 * columns, relationships and array aggregates. Catches metadata the engine cannot serve as soon as
 * it lands in hasura/.
 */
describe('portal project smoke test', () => {
  let core: EngineCore;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase('seeded');
    core = await loadEngineCore({
      projectDir: path.resolve(import.meta.dirname, '../../../../hasura'),
      databaseUrl: db.url,
      poolSize: 4,
    });
  });
  afterAll(async () => {
    await core?.executor.close();
    await db?.drop();
  });

  it('selects every column, relationship and array aggregate of every table as admin', async () => {
    const problems: string[] = [];
    for (const t of core.model.tables) {
      const rels = [...t.relationships.values()];
      const fields = [
        ...t.columns.map((c) => c.gqlName),
        ...rels.map((r) => `${r.name} { __typename }`),
        ...rels.filter((r) => r.kind === 'array').map((r) => `${r.name}_aggregate { aggregate { count } }`),
      ];
      const query = `{ ${t.rootFields.select.name}(limit: 3) { ${fields.join(' ')} } ${t.rootFields.select_aggregate.name} { aggregate { count } } }`;
      const res = JSON.parse(await core.execute(admin, { query }));
      if (res.errors) problems.push(`${t.schema}.${t.name}: ${JSON.stringify(res.errors)}`);
    }
    expect(problems).toEqual([]);
  });
});
