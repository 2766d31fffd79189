import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../cli.ts';
import { createEngine, type Engine } from '../engine/create.ts';
import { loadMetadataDirectory } from '../metadata/load.ts';
import { applyMigrations } from '../project/migrations.ts';
import { loadProject } from '../project/project.ts';
import { applySeeds } from '../project/seeds.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';
import { exportMetadata } from './metadata-export.ts';

const DROPPED_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/blog-dropped-column');

function captureConsole() {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  return {
    lines,
    restore: () => {
      log.mockRestore();
      error.mockRestore();
    },
  };
}

/** Runs the CLI with its console captured; resolves with the exit code and what it printed. */
async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const out = captureConsole();
  try {
    return { code: await main(args), out: out.lines.join('\n') };
  } finally {
    out.restore();
  }
}

describe('engine metadata export / reload / ic (the same code as /v1/metadata)', () => {
  let blogDb: TestDatabase;
  let droppedDb: TestDatabase;
  let blog: Engine;
  let dropped: Engine;
  const endpoint = (e: Engine) => `http://127.0.0.1:${e.port}`;
  beforeAll(async () => {
    blogDb = await blogDatabase();
    droppedDb = await createTestDatabase('empty');
    await applyMigrations({ project: loadProject(DROPPED_DIR), databaseUrl: droppedDb.url });
    await applySeeds({ project: loadProject(DROPPED_DIR), databaseUrl: droppedDb.url });
    blog = await createEngine({
      projectDir: BLOG_DIR,
      databaseUrl: blogDb.url,
      adminSecret: 's3cret',
      poolSize: 2,
    });
    await blog.listen(0);
    dropped = await createEngine({
      projectDir: DROPPED_DIR,
      databaseUrl: droppedDb.url,
      adminSecret: 's3cret',
      poolSize: 2,
      allowInconsistentMetadata: true,
    });
    await dropped.listen(0);
  });
  afterAll(async () => {
    await blog?.close();
    await dropped?.close();
    await blogDb?.drop();
    await droppedDb?.drop();
  });

  it('exports the project metadata as JSON or as a metadata directory, from the files or a running engine', async () => {
    const expected = exportMetadata(loadMetadataDirectory(path.join(BLOG_DIR, 'metadata')));
    const local = await cli(['metadata', 'export', '--project', BLOG_DIR]);
    expect(local.code).toBe(0);
    expect(JSON.parse(local.out)).toEqual(expected);
    const remote = await cli([
      'metadata',
      'export',
      '--endpoint',
      endpoint(blog),
      '--admin-secret',
      's3cret',
    ]);
    expect(JSON.parse(remote.out)).toEqual(expected);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'engine-cli-export-'));
    try {
      expect((await cli(['metadata', 'export', '--project', BLOG_DIR, '--output', dir])).code).toBe(0);
      expect(exportMetadata(loadMetadataDirectory(dir))).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reloads a running engine with the admin secret, and fails clearly without it', async () => {
    const before = blog.core.metadata.resourceVersion;
    const ok = await cli(['metadata', 'reload', '--endpoint', endpoint(blog), '--admin-secret', 's3cret']);
    expect(ok).toEqual({ code: 0, out: 'metadata reloaded' });
    expect(blog.core.metadata.resourceVersion).toBe(before + 1);
    await expect(
      cli(['metadata', 'reload', '--endpoint', endpoint(blog), '--admin-secret', 'wrong']),
    ).rejects.toThrow(/answered 401: invalid x-hasura-admin-secret\/x-hasura-access-key \(access-denied\)/);
    const inconsistent = await cli([
      'metadata',
      'reload',
      '--endpoint',
      endpoint(dropped),
      '--admin-secret',
      's3cret',
    ]);
    expect(inconsistent.code).toBe(1);
    expect(inconsistent.out).toContain('select_permission user in table author in source default');
  });

  it('lists inconsistent objects (exit code 1), from the files against the database or from a running engine', async () => {
    const reason =
      'Inconsistent object: in table "author": in permission for role "user": column "rating" does not exist';
    const local = await cli([
      'metadata',
      'ic',
      'list',
      '--project',
      DROPPED_DIR,
      '--database-url',
      droppedDb.url,
    ]);
    expect(local.code).toBe(1);
    expect(local.out).toMatch(/^NAME\s+TYPE\s+DESCRIPTION$/m);
    expect(local.out).toContain(
      `select_permission user in table author in source default  select_permission  ${reason}`,
    );
    const json = await cli([
      'metadata',
      'ic',
      'list',
      '-o',
      'json',
      '--project',
      DROPPED_DIR,
      '--database-url',
      droppedDb.url,
    ]);
    expect(JSON.parse(json.out)).toEqual(dropped.core.metadata.inconsistent);
    expect(
      await cli(['metadata', 'ic', 'list', '--project', BLOG_DIR, '--database-url', blogDb.url]),
    ).toEqual({
      code: 0,
      out: 'metadata is consistent',
    });

    const args = ['--endpoint', endpoint(dropped), '--admin-secret', 's3cret'];
    expect((await cli(['metadata', 'ic', 'list', ...args])).code).toBe(1);
    expect((await cli(['metadata', 'ic', 'drop', ...args])).code).toBe(0);
    expect(await cli(['metadata', 'ic', 'list', ...args])).toEqual({
      code: 0,
      out: 'metadata is consistent',
    });
  });
});
