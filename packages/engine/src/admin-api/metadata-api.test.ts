import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create.ts';
import { loadMetadataDirectory } from '../metadata/load.ts';
import { readDatabase } from '../metadata/load-model.ts';
import { buildModel } from '../metadata/model.ts';
import type { Model } from '../model/types.ts';
import { applyMigrations } from '../project/migrations.ts';
import { loadProject } from '../project/project.ts';
import { applySeeds } from '../project/seeds.ts';
import { buildRoleSchema } from '../schema/build.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';
import { exportMetadata, type HasuraMetadata } from './metadata-export.ts';
import { writeMetadataDirectory } from './metadata-files.ts';

const PORTAL_DIR = path.resolve(import.meta.dirname, '../../../../hasura');
const DROPPED_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/blog-dropped-column');
const ADMIN = { 'x-hasura-admin-secret': 's3cret' };

async function serve(
  projectDir: string,
  databaseUrl: string,
  extra: Partial<Parameters<typeof createEngine>[0]> = {},
) {
  const engine = await createEngine({
    projectDir,
    databaseUrl,
    adminSecret: 's3cret',
    poolSize: 4,
    ...extra,
  });
  const port = await engine.listen(0);
  const post = async (body: unknown, headers: Record<string, string> = ADMIN) => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const graphql = async (query: string, headers: Record<string, string> = ADMIN) => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
  };
  return { engine, port, post, graphql };
}

/**
 * What a model serves: each role's schema as sorted SDL (and its plans follow from it). Deep
 * equality of two models would walk their cyclic table graphs; this compares what clients see.
 */
function served(model: Model): Record<string, string> {
  return Object.fromEntries(
    [...model.roles]
      .sort()
      .map((role) => [role, printSchema(lexicographicSortSchema(buildRoleSchema(model, role).schema))]),
  );
}

const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

describe('export_metadata → files → load, on the blog fixture', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await blogDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('exports Hasura v3 JSON with the actions GraphQL inlined, and writes files that load to an equal model', async () => {
    const raw = loadMetadataDirectory(path.join(BLOG_DIR, 'metadata'));
    const exported = exportMetadata(raw);
    expect(exported.version).toBe(3);
    expect(exported.sources).toHaveLength(1);
    expect(exported.sources[0]).toMatchObject({ name: 'default', kind: 'postgres' });
    expect((exported.sources[0]!.tables as unknown[]).length).toBe(4);
    expect(exported.actions).toContainEqual(
      expect.objectContaining({
        name: 'placeOrder',
        definition: expect.objectContaining({
          type: 'mutation',
          arguments: [{ name: 'input', type: 'PlaceOrderInput!' }],
          output_type: 'PlaceOrderOutput',
          handler: '{{ACTIONS_BASE_URL}}/place-order',
        }),
      }),
    );
    expect((exported.custom_types as { objects: unknown[] }).objects).toContainEqual(
      expect.objectContaining({
        name: 'Quote',
        fields: [
          { name: 'total', type: 'numeric!' },
          { name: 'author_id', type: 'Int!' },
        ],
      }),
    );
    expect(exported).toHaveProperty('inherited_roles');
    expect(exported).not.toHaveProperty('remote_schemas');

    const dir = tmp('engine-export-');
    try {
      writeMetadataDirectory(dir, exported);
      expect(readFileSync(path.join(dir, 'databases/default/tables/tables.yaml'), 'utf8')).toContain(
        '!include public_author.yaml',
      );
      const again = loadMetadataDirectory(dir);
      expect(exportMetadata(again)).toEqual(exported);
      const database = await readDatabase(raw, db.url);
      expect(served(buildModel(again, database.catalogs, database.enumRows))).toEqual(
        served(buildModel(raw, database.catalogs, database.enumRows)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the portal's own metadata: export → files → replace_metadata dry run", () => {
  let db: TestDatabase;
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    db = await createTestDatabase('migrated');
    server = await serve(PORTAL_DIR, db.url);
  });
  afterAll(async () => {
    await server?.engine.close();
    await db?.drop();
  });

  it('round-trips to an equal model and reports no inconsistency', async () => {
    const { status, json } = await server.post({ type: 'export_metadata', version: 2, args: {} });
    expect(status).toBe(200);
    expect(json.resource_version).toBe(1);
    const metadata = json.metadata as HasuraMetadata;
    expect(metadata).toEqual(exportMetadata(loadMetadataDirectory(path.join(PORTAL_DIR, 'metadata'))));
    const dir = tmp('engine-portal-export-');
    try {
      writeMetadataDirectory(dir, metadata);
      const fromFiles = exportMetadata(loadMetadataDirectory(dir));
      expect(fromFiles).toEqual(metadata);
      const database = server.engine.core.metadata.database;
      expect(served(buildModel(loadMetadataDirectory(dir), database.catalogs, database.enumRows))).toEqual(
        served(server.engine.core.model),
      );
      expect(
        await server.post({
          type: 'replace_metadata',
          version: 2,
          args: { metadata: fromFiles, dry_run: true },
        }),
      ).toEqual({ status: 200, json: { is_consistent: true, inconsistent_objects: [] } });
      // The same document without a dry run is what the engine already serves: a no-op.
      expect(
        await server.post({ type: 'replace_metadata', version: 2, args: { metadata: fromFiles } }),
      ).toEqual({ status: 200, json: { is_consistent: true, inconsistent_objects: [] } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to replace the metadata with a different document, and changes nothing', async () => {
    const { json: before } = await server.post({ type: 'export_metadata', args: {} });
    const changed = structuredClone(before) as HasuraMetadata;
    (changed.sources[0]!.tables as unknown[]).pop();
    const answer = await server.post({ type: 'replace_metadata', version: 2, args: { metadata: changed } });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ path: '$.args', code: 'not-supported' });
    expect(String(answer.json.error)).toContain('reload_metadata');
    expect((await server.post({ type: 'export_metadata', args: {} })).json).toEqual(before);
    // A dry run of the smaller document is consistent (dropping a table leaves nothing dangling here or not):
    const dry = await server.post({
      type: 'replace_metadata',
      version: 2,
      args: { metadata: changed, dry_run: true, allow_inconsistent_metadata: true },
    });
    expect(dry.status).toBe(200);
  });
});

describe('the deliberately inconsistent fixture (a permission on a column a migration dropped)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('empty');
    await applyMigrations({ project: loadProject(DROPPED_DIR), databaseUrl: db.url });
    await applySeeds({ project: loadProject(DROPPED_DIR), databaseUrl: db.url });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const expected = {
    definition: {
      comment: null,
      permission: {
        allow_aggregations: false,
        columns: ['id', 'name', 'rating', 'genre'],
        computed_fields: ['article_count', 'greeting', 'published_articles'],
        filter: {},
      },
      role: 'user',
      source: 'default',
      table: { name: 'author', schema: 'public' },
    },
    name: 'select_permission user in table author in source default',
    reason:
      'Inconsistent object: in table "author": in permission for role "user": column "rating" does not exist',
    type: 'select_permission',
  };

  it('refuses to start by default, naming the file and the column', async () => {
    await expect(
      createEngine({ projectDir: DROPPED_DIR, databaseUrl: db.url, adminSecret: 's3cret' }),
    ).rejects.toThrow(
      /public_author\.yaml: table public\.author\.select_permissions\.user\.permission\.columns: no such column 'rating'/,
    );
  });

  it('starts without the object when told to, reports it as Hasura does, and drops it', async () => {
    const server = await serve(DROPPED_DIR, db.url, { allowInconsistentMetadata: true });
    try {
      expect(await server.post({ type: 'get_inconsistent_metadata', args: {} })).toEqual({
        status: 200,
        json: { is_consistent: false, inconsistent_objects: [expected] },
      });
      // Served without the user's select permission; everything else answers.
      expect(
        (await server.graphql('{ author { id } }', { ...ADMIN, 'x-hasura-role': 'user' })).errors?.[0]
          ?.message,
      ).toMatch(/field 'author' not found/);
      expect((await server.graphql('{ author(limit: 1) { id } }')).data).toEqual({ author: [{ id: 1 }] });
      // Until dropped, the export still has the object (as Hasura's does).
      const exportUser = async () =>
        (
          (await server.post({ type: 'export_metadata', args: {} })).json.sources as Array<{
            tables: Array<{ table: { name: string }; select_permissions?: Array<{ role: string }> }>;
          }>
        )[0]!.tables
          .find((t) => t.table.name === 'author')!
          .select_permissions!.map((p) => p.role);
      expect(await exportUser()).toContain('user');
      expect(await server.post({ type: 'drop_inconsistent_metadata', args: {} })).toEqual({
        status: 200,
        json: { message: 'success' },
      });
      expect(await exportUser()).not.toContain('user');
      expect((await server.post({ type: 'get_inconsistent_metadata', args: {} })).json).toEqual({
        is_consistent: true,
        inconsistent_objects: [],
      });
      // The files are not changed.
      expect(
        readFileSync(path.join(DROPPED_DIR, 'metadata/databases/default/tables/public_author.yaml'), 'utf8'),
      ).toContain('columns: [id, name, rating, genre]');
      // A dry run of the files' metadata reports the same object; without allow_inconsistent_metadata it is refused.
      const files = exportMetadata(loadMetadataDirectory(path.join(DROPPED_DIR, 'metadata')));
      expect(
        await server.post({
          type: 'replace_metadata',
          version: 2,
          args: { metadata: files, dry_run: true, allow_inconsistent_metadata: true },
        }),
      ).toEqual({ status: 200, json: { is_consistent: false, inconsistent_objects: [expected] } });
      expect(
        await server.post({ type: 'replace_metadata', version: 2, args: { metadata: files, dry_run: true } }),
      ).toMatchObject({
        status: 400,
        json: { path: '$.args', code: 'unexpected', error: 'cannot continue due to inconsistent metadata' },
      });
    } finally {
      await server.engine.close();
    }
  });
});

describe('reload_metadata', () => {
  let db: TestDatabase;
  let project: string;
  let server: Awaited<ReturnType<typeof serve>>;
  const authorFile = () => path.join(project, 'metadata/databases/default/tables/public_author.yaml');
  beforeAll(async () => {
    db = await blogDatabase();
    project = tmp('engine-reload-');
    cpSync(BLOG_DIR, project, { recursive: true });
    server = await serve(project, db.url);
  });
  afterAll(async () => {
    await server?.engine.close();
    await db?.drop();
    rmSync(project, { recursive: true, force: true });
  });

  it('re-reads the files and the catalogue, swaps the schema, and reports what does not match', async () => {
    const asUser = { ...ADMIN, 'x-hasura-role': 'user' };
    expect((await server.graphql('{ author(limit: 1) { rating } }', asUser)).errors).toBeUndefined();
    // The user loses rating in the files; a column appears in the database.
    writeFileSync(
      authorFile(),
      readFileSync(authorFile(), 'utf8').replace('[id, name, rating, genre]', '[id, name, genre]'),
    );
    const client = new (await import('pg')).default.Client({ connectionString: db.url });
    await client.connect();
    await client.query('ALTER TABLE author ADD COLUMN nickname text');
    expect(await server.post({ type: 'reload_metadata', args: {} })).toEqual({
      status: 200,
      json: { message: 'success', is_consistent: true },
    });
    expect((await server.graphql('{ author(limit: 1) { rating } }', asUser)).errors?.[0]?.message).toMatch(
      /field 'rating' not found/,
    );
    // Without reload_sources the catalogue is the one read before; with it, the new column is served.
    expect((await server.graphql('{ author(limit: 1) { nickname } }')).errors?.[0]?.message).toMatch(
      /field 'nickname' not found/,
    );
    expect(await server.post({ type: 'reload_metadata', args: { reload_sources: true } })).toEqual({
      status: 200,
      json: { message: 'success', is_consistent: true },
    });
    expect((await server.graphql('{ author(limit: 1) { nickname } }')).errors).toBeUndefined();
    expect((await server.post({ type: 'export_metadata', version: 2, args: {} })).json.resource_version).toBe(
      3,
    );

    // A migration drops a column a permission names: reloaded, served without it, reported.
    writeFileSync(
      authorFile(),
      readFileSync(authorFile(), 'utf8').replace('[id, name, genre]', '[id, name, nickname, genre]'),
    );
    await client.query('ALTER TABLE author DROP COLUMN nickname');
    await client.end();
    const answer = await server.post({ type: 'reload_metadata', args: { reload_sources: true } });
    expect(answer.json).toMatchObject({
      message: 'success',
      is_consistent: false,
      inconsistent_objects: [
        {
          type: 'select_permission',
          name: 'select_permission user in table author in source default',
          reason:
            'Inconsistent object: in table "author": in permission for role "user": column "nickname" does not exist',
        },
      ],
    });
    expect((await server.post({ type: 'get_inconsistent_metadata', args: {} })).json.is_consistent).toBe(
      false,
    );
  });

  it('keeps serving the old metadata when the files cannot be served, and says why', async () => {
    writeFileSync(authorFile(), `${readFileSync(authorFile(), 'utf8')}\nevent_triggers: [{name: x}]\n`);
    const answer = await server.post({ type: 'reload_metadata', args: {} });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ path: '$.args', code: 'invalid-configuration' });
    expect(String(answer.json.error)).toMatch(/event triggers are not supported/);
    expect((await server.graphql('{ author(limit: 1) { id } }')).data).toEqual({ author: [{ id: 1 }] });
  });

  it('answers in a bulk, in order, and refuses names that are not in the metadata', async () => {
    writeFileSync(
      authorFile(),
      readFileSync(path.join(BLOG_DIR, 'metadata/databases/default/tables/public_author.yaml'), 'utf8'),
    );
    const bulk = await server.post({
      type: 'bulk',
      args: [
        { type: 'reload_metadata', args: { reload_sources: true } },
        { type: 'get_inconsistent_metadata', args: {} },
        { type: 'reload_metadata', args: { reload_sources: ['nope'] } },
      ],
    });
    expect(bulk).toEqual({
      status: 400,
      json: {
        path: '$.args[2].args',
        error: 'Source with name "nope" not found in metadata',
        code: 'not-exists',
      },
    });
    expect((await server.post({ type: 'get_inconsistent_metadata', args: {} })).json).toEqual({
      is_consistent: true,
      inconsistent_objects: [],
    });
  });
  it('refuses a reload that names a stale resource_version (409 conflict) and reloads with the current one', async () => {
    const current = (await server.post({ type: 'export_metadata', version: 2, args: {} })).json
      .resource_version as number;
    expect(await server.post({ type: 'reload_metadata', resource_version: current - 1, args: {} })).toEqual({
      status: 409,
      json: {
        path: '$',
        error: `metadata resource version referenced (${current - 1}) did not match current version`,
        code: 'conflict',
      },
    });
    expect((await server.post({ type: 'export_metadata', version: 2, args: {} })).json.resource_version).toBe(
      current,
    );
    expect((await server.post({ type: 'reload_metadata', resource_version: current, args: {} })).status).toBe(
      200,
    );
    expect((await server.post({ type: 'export_metadata', version: 2, args: {} })).json.resource_version).toBe(
      current + 1,
    );
  });
});

describe('catalog state', () => {
  let db: TestDatabase;
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    db = await blogDatabase();
    server = await serve(BLOG_DIR, db.url);
  });
  afterAll(async () => {
    await server?.engine.close();
    await db?.drop();
  });

  it('keeps the cli and console states in memory', async () => {
    const first = await server.post({ type: 'get_catalog_state', args: {} });
    expect(first.json).toMatchObject({ cli_state: {}, console_state: {} });
    expect(
      await server.post({
        type: 'set_catalog_state',
        args: { type: 'console', state: { onboarding: false } },
      }),
    ).toEqual({
      status: 200,
      json: { message: 'success' },
    });
    expect((await server.post({ type: 'get_catalog_state', args: {} })).json).toEqual({
      ...first.json,
      console_state: { onboarding: false },
    });
    expect(
      (await server.post({ type: 'set_catalog_state', args: { type: 'other', state: {} } })).status,
    ).toBe(400);
  });
});
