import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { listMigrations, loadProject, migrationStatus } from '@portal/engine';
import { afterEach, describe, expect, it } from 'vitest';
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
