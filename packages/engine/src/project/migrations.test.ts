import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations, migrationStatus, rollbackMigrations } from './migrations.ts';
import { loadProject } from './project.ts';
import { applySeeds } from './seeds.ts';

/** Writes a throwaway Hasura project with the given migrations and seeds. */
function makeProject(
  migrations: Record<string, { up: string; down?: string }>,
  seeds: Record<string, string> = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hasura-project-'));
  writeFileSync(path.join(dir, 'config.yaml'), 'version: 3\nmetadata_directory: metadata\n');
  for (const [folder, files] of Object.entries(migrations)) {
    const target = path.join(dir, 'migrations', 'default', folder);
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, 'up.sql'), files.up);
    if (files.down !== undefined) writeFileSync(path.join(target, 'down.sql'), files.down);
  }
  mkdirSync(path.join(dir, 'seeds', 'default'), { recursive: true });
  for (const [file, text] of Object.entries(seeds))
    writeFileSync(path.join(dir, 'seeds', 'default', file), text);
  return loadProject(dir);
}

describe('migration runner', () => {
  let db: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('empty');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });
  beforeEach(async () => {
    await client.query('drop schema if exists hdb_catalog cascade; drop table if exists a, b cascade');
  });

  const project = makeProject({
    '1700000000002_create_b': {
      up: 'create table b (id int primary key references a);',
      down: 'drop table b;',
    },
    '1700000000001_create_a': { up: 'create table a (id int primary key);', down: 'drop table a;' },
  });

  it('applies in ascending version order and keeps the Hasura CLI bookkeeping table', async () => {
    const applied = await applyMigrations({ project, databaseUrl: db.url });
    expect(applied.map((m) => m.name)).toEqual(['create_a', 'create_b']);
    const columns = await client.query(
      `select column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'hdb_catalog' and table_name = 'schema_migrations' order by ordinal_position`,
    );
    expect(columns.rows).toEqual([
      { column_name: 'version', data_type: 'bigint', is_nullable: 'NO' },
      { column_name: 'dirty', data_type: 'boolean', is_nullable: 'NO' },
    ]);
    const pk = await client.query(
      `select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = 'hdb_catalog.schema_migrations'::regclass and i.indisprimary`,
    );
    expect(pk.rows).toEqual([{ attname: 'version' }]);
    const rows = await client.query(
      'select version::text, dirty from hdb_catalog.schema_migrations order by version',
    );
    expect(rows.rows).toEqual([
      { version: '1700000000001', dirty: false },
      { version: '1700000000002', dirty: false },
    ]);
    expect(await applyMigrations({ project, databaseUrl: db.url })).toEqual([]);
  });

  it('reports status and rolls back newest first', async () => {
    await applyMigrations({ project, databaseUrl: db.url });
    await rollbackMigrations({ project, databaseUrl: db.url });
    const status = await migrationStatus({ project, databaseUrl: db.url });
    expect(status.map((s) => [s.version.toString(), s.inSource, s.inDatabase])).toEqual([
      ['1700000000001', true, true],
      ['1700000000002', true, false],
    ]);
    await rollbackMigrations({ project, databaseUrl: db.url, all: true });
    const tables = await client.query(
      "select count(*)::int as n from pg_tables where tablename in ('a', 'b')",
    );
    expect(tables.rows[0].n).toBe(0);
  });

  it('rolls back a failing migration whole and names it, keeping earlier ones', async () => {
    const broken = makeProject({
      '1_ok': { up: 'create table a (id int primary key);', down: 'drop table a;' },
      '2_broken': {
        up: 'create table b (id int primary key); select * from no_such_table;',
        down: 'drop table b;',
      },
    });
    await expect(applyMigrations({ project: broken, databaseUrl: db.url })).rejects.toThrow(
      /2_broken\/up\.sql: relation "no_such_table" does not exist/,
    );
    const tables = await client.query("select tablename from pg_tables where tablename in ('a', 'b')");
    expect(tables.rows).toEqual([{ tablename: 'a' }]);
    const status = await migrationStatus({ project: broken, databaseUrl: db.url });
    expect(status.map((s) => s.inDatabase)).toEqual([true, false]);
  });

  it('reads and writes the catalog state a database handled by the real CLI keeps', async () => {
    await client.query(`create schema hdb_catalog;
      create table hdb_catalog.hdb_version (hasura_uuid uuid primary key default gen_random_uuid(), version text not null,
        upgraded_on timestamptz not null default now(), cli_state jsonb not null default '{}', console_state jsonb not null default '{}');
      insert into hdb_catalog.hdb_version (version, cli_state)
        values ('48', '{"migrations": {"default": {"1700000000001": false}}, "isStateCopyCompleted": true}')`);
    await client.query('create table a (id int primary key)');
    const applied = await applyMigrations({ project, databaseUrl: db.url });
    expect(applied.map((m) => m.name)).toEqual(['create_b']);
    const state = await client.query(
      "select cli_state -> 'migrations' -> 'default' as m from hdb_catalog.hdb_version",
    );
    expect(state.rows[0].m).toEqual({ '1700000000001': false, '1700000000002': false });
    await rollbackMigrations({ project, databaseUrl: db.url });
    const after = await client.query(
      "select cli_state -> 'migrations' -> 'default' as m from hdb_catalog.hdb_version",
    );
    expect(after.rows[0].m).toEqual({ '1700000000001': false });
  });

  it('runs seeds in lexical order, each in its own transaction, stopping at the first failure', async () => {
    await applyMigrations({ project, databaseUrl: db.url });
    const seeded = makeProject(
      {},
      {
        '20_b.sql': 'insert into b values (1);',
        '10_a.sql': 'insert into a values (1);',
        '30_bad.sql': 'insert into a values (2); insert into b values (99);',
      },
    );
    await expect(applySeeds({ project: seeded, databaseUrl: db.url })).rejects.toThrow(
      /30_bad\.sql: insert or update on table "b"/,
    );
    const a = await client.query('select id from a order by id');
    expect(a.rows).toEqual([{ id: 1 }]);
  });
});
