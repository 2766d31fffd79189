import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import {
  applyMigrations,
  checkMetadata,
  introspectUrl,
  listMigrations,
  loadMetadataDirectory,
  loadProject,
  rollbackMigrations,
} from '@portal/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from './db.ts';

const project = loadProject(path.resolve(import.meta.dirname, '..'));

/** Everything a migration can create in the database, as sorted text lines. */
async function schemaSnapshot(db: Db): Promise<string[]> {
  const rows = await db.q<{ line: string }>(`
    select 'relation ' || c.relkind::text || ' ' || c.relname as line from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    union all
    select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || case when a.attnotnull then ' not null' else '' end
      || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(k.oid) from pg_constraint k
      join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public'
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all
    select 'function ' || p.oid::regprocedure::text from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    union all
    select 'trigger ' || tgrelid::regclass || ' ' || tgname from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
    union all
    select 'extension ' || extname from pg_extension where extname <> 'plpgsql'
    union all
    select 'comment ' || objoid::regclass || ' ' || description from pg_description d
      join pg_class c on c.oid = d.objoid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and d.objsubid = 0`);
  return rows.map((r) => r.line).sort();
}

describe('hasura migrations', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('empty');
    db = await connect(database.url);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('are named <unix-ms>_<verb_object> and every one has a down', () => {
    const migrations = listMigrations(project);
    expect(migrations.length).toBeGreaterThanOrEqual(1);
    for (const migration of migrations) {
      expect(migration.version.toString()).toMatch(/^\d{13}$/);
      expect(migration.name).toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
      expect(migration.up?.trim(), `${migration.dir}/up.sql`).toBeTruthy();
      expect(migration.down?.trim(), `${migration.dir}/down.sql`).toBeTruthy();
    }
  });

  it('each down restores exactly the schema before its up, and up -> down -> up works', async () => {
    const migrations = listMigrations(project);
    const before = [await schemaSnapshot(db)];
    for (const migration of migrations) {
      await applyMigrations({ project, databaseUrl: database.url, version: migration.version });
      before.push(await schemaSnapshot(db));
    }
    for (let i = migrations.length - 1; i >= 0; i--) {
      await rollbackMigrations({ project, databaseUrl: database.url });
      expect(await schemaSnapshot(db), `after down of ${migrations[i]!.name}`).toEqual(before[i]);
    }
    expect(await schemaSnapshot(db)).toEqual(before[0]);
    const reapplied = await applyMigrations({ project, databaseUrl: database.url });
    expect(reapplied).toHaveLength(migrations.length);
    expect(await schemaSnapshot(db)).toEqual(before.at(-1));
  });

  it('match the metadata: every tracked table, column and relationship exists', async () => {
    const metadata = loadMetadataDirectory(project.metadataDir);
    const migrated = await createTestDatabase('migrated');
    const catalog = await introspectUrl(migrated.url).finally(() => migrated.drop());
    expect(checkMetadata(metadata, new Map([['default', catalog]])).map((e) => e.message)).toEqual([]);
    const tracked = (metadata.sources[0] as { tables: Array<{ table: { name: string } }> }).tables.map(
      (t) => t.table.name,
    );
    const untracked = [...catalog.tables.values()]
      .filter((t) => t.schema === 'public' && !tracked.includes(t.name))
      .map((t) => t.name);
    // Secrets and throttling records (sign-in and its second factors, requests for assistance, webinar tokens,
    // flood-limit counters) and the digests sent are only ever read by the actions service, never through GraphQL.
    // The mappings between editions, the moves of assessments and the transition windows: the actions service's API only.
    expect(untracked.sort()).toEqual([
      'account_security_events',
      'assessment_move_documents',
      'assessment_moves',
      'assistance_requests',
      'edition_indicator_mappings',
      'edition_item_mappings',
      'edition_mappings',
      'edition_transitions',
      'email_digests',
      'login_attempts',
      'password_resets',
      'pending_registrations',
      'rate_limit_hits',
      'registration_lookups',
      'session_handoffs',
      'sessions',
      'sign_in_challenges',
      'sso_sign_in_requests',
      'user_devices',
      'user_factors',
      'user_identities',
      'user_recovery_codes',
      'webauthn_challenges',
      'webinar_connections',
    ]);
  });

  it('declare every fixed value list as a Hasura enum table', async () => {
    const metadata = loadMetadataDirectory(project.metadataDir);
    const tables = (metadata.sources[0] as { tables: Array<{ table: { name: string }; is_enum?: boolean }> })
      .tables;
    const migrated = await createTestDatabase('migrated');
    const other = await connect(migrated.url);
    const enums = await other.q<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public'
        group by table_name having array_agg(column_name::text order by ordinal_position) = array['value', 'comment']`,
    );
    expect(enums.length).toBeGreaterThanOrEqual(30);
    for (const { table_name } of enums) {
      expect(tables.find((t) => t.table.name === table_name)?.is_enum, table_name).toBe(true);
    }
    await other.close();
    await migrated.drop();
  });
});
