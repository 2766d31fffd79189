import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/devdb';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { listMigrations, loadProject, migrationStatus } from '@portal/engine';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';
import type { Logger } from '../log.ts';
import { startDatabase } from './database.ts';

const project = loadProject(path.join(REPO_ROOT, 'hasura'));
const lines: string[] = [];
const log: Logger = Object.assign((line: string) => void lines.push(line), {
  error: (line: string) => void lines.push(line),
});

describe('startDatabase with DATABASE_URL', () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('migrates and seeds an empty database, then only migrates it on the next start', async () => {
    db = await createTestDatabase('empty');
    const first = await startDatabase({ kind: 'external', url: db.url }, project, log);
    expect(first.seeded).toBe(true);
    expect(lines).toContain('seeded 10_users.sql');
    const status = await migrationStatus({ project, databaseUrl: db.url });
    expect(status.filter((m) => m.inDatabase)).toHaveLength(listMigrations(project).length);

    const second = await startDatabase({ kind: 'external', url: db.url }, project, log);
    expect(second.seeded).toBe(false);
  });

  it('does not seed a database that already has migrations applied', async () => {
    db = await createTestDatabase('migrated');
    const running = await startDatabase({ kind: 'external', url: db.url }, project, log);
    expect(running.seeded).toBe(false);
  });
});

describe('startDatabase with embedded PostgreSQL', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-db-'));
    chmodSync(dir, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates and seeds once; a first start that fails is provisioned again next time', {
    timeout: 120_000,
  }, async () => {
    const hasura = path.join(dir, 'hasura');
    const migration = path.join(hasura, 'migrations', 'default', '1700000000000_create_notes');
    mkdirSync(migration, { recursive: true });
    mkdirSync(path.join(hasura, 'seeds', 'default'), { recursive: true });
    writeFileSync(
      path.join(migration, 'up.sql'),
      'create table notes (text text); select no_such_function();',
    );
    writeFileSync(
      path.join(hasura, 'seeds', 'default', '10_notes.sql'),
      "insert into notes values ('seeded');",
    );
    const project = loadProject(hasura);
    const config = {
      kind: 'embedded',
      port: await freePort(),
      dataDir: path.join(dir, 'data', 'postgres'),
      name: 'portal',
    } as const;

    await expect(startDatabase(config, project, log)).rejects.toThrow('1700000000000_create_notes/up.sql');

    writeFileSync(path.join(migration, 'up.sql'), 'create table notes (text text);');
    const first = await startDatabase(config, project, log);
    try {
      expect(first.seeded).toBe(true);
    } finally {
      await first.stop();
    }
    const second = await startDatabase(config, project, log);
    try {
      expect(second.seeded).toBe(false);
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      expect((await client.query('select text from notes')).rows).toEqual([{ text: 'seeded' }]);
      await client.end();
    } finally {
      await second.stop();
    }
  });
});
