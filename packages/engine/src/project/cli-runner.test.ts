import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../cli.ts';

/** A small Hasura project of the test's own: one table, its metadata, one seed. */
function makeProject(tableYaml: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'engine-cli-'));
  writeFileSync(path.join(dir, 'config.yaml'), 'version: 3\n');
  const migration = path.join(dir, 'migrations/default/1700000000000_create_notes');
  mkdirSync(migration, { recursive: true });
  writeFileSync(
    path.join(migration, 'up.sql'),
    'create table notes (id serial primary key, body text not null);',
  );
  writeFileSync(path.join(migration, 'down.sql'), 'drop table notes;');
  mkdirSync(path.join(dir, 'seeds/default'), { recursive: true });
  writeFileSync(path.join(dir, 'seeds/default/10_notes.sql'), "insert into notes (body) values ('hello');");
  const tables = path.join(dir, 'metadata/databases/default/tables');
  mkdirSync(tables, { recursive: true });
  writeFileSync(path.join(dir, 'metadata/version.yaml'), 'version: 3\n');
  writeFileSync(
    path.join(dir, 'metadata/databases/databases.yaml'),
    '- name: default\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url:\n        from_env: HASURA_GRAPHQL_DATABASE_URL\n  tables: "!include default/tables/tables.yaml"\n',
  );
  writeFileSync(path.join(tables, 'tables.yaml'), '- "!include public_notes.yaml"\n');
  writeFileSync(path.join(tables, 'public_notes.yaml'), tableYaml);
  return dir;
}

function captureConsole() {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  const restore = () => {
    log.mockRestore();
    error.mockRestore();
  };
  return { lines, restore };
}

describe('engine CLI', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('empty');
  });
  afterAll(() => db.drop());

  it('migrates, seeds, reports status and accepts consistent metadata', async () => {
    const project = makeProject('table:\n  name: notes\n  schema: public\n');
    const args = ['--project', project, '--database-url', db.url];
    const out = captureConsole();
    try {
      expect(await main(['migrate', 'apply', ...args])).toBe(0);
      expect(await main(['seed', 'apply', ...args])).toBe(0);
      expect(await main(['migrate', 'status', ...args])).toBe(0);
      expect(await main(['metadata', 'check', ...args])).toBe(0);
    } finally {
      out.restore();
    }
    expect(out.lines).toContain('1 migration(s) applied');
    expect(out.lines).toContain('1 seed file(s) applied');
    expect(out.lines.some((l) => /^1700000000000\s+create_notes\s+Present\s+Present$/.test(l))).toBe(true);
    expect(out.lines).toContain('metadata is consistent: 1 source(s), 1 table(s)');
  });

  it('refuses inconsistent metadata, naming the file and the key of each problem', async () => {
    const project = makeProject(
      'table:\n  name: notes\n  schema: public\nconfiguration:\n  column_config:\n    title: {custom_name: heading}\nmystery_key: true\n',
    );
    const out = captureConsole();
    try {
      await expect(
        main(['metadata', 'check', '--project', project, '--database-url', db.url]),
      ).rejects.toThrow(/metadata is inconsistent: 2 problem\(s\)/);
    } finally {
      out.restore();
    }
    const file = path.join('metadata/databases/default/tables/public_notes.yaml');
    expect(
      out.lines.some((l) => l.includes(file) && l.includes('mystery_key') && l.includes('unknown')),
    ).toBe(true);
    expect(
      out.lines.some(
        (l) => l.includes(file) && l.includes('column_config.title') && l.includes('no such column'),
      ),
    ).toBe(true);
  });

  it('prints usage for an unknown command', async () => {
    const out = captureConsole();
    try {
      expect(await main(['frobnicate'])).toBe(2);
    } finally {
      out.restore();
    }
    expect(out.lines.join('\n')).toMatch(/usage: engine <command>/);
  });
});
