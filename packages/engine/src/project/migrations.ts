import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { HasuraProject } from './project.ts';

/** One migration folder `<version>_<name>/{up,down}.sql`. */
export interface Migration {
  version: bigint;
  name: string;
  dir: string;
  up: string | null;
  down: string | null;
}

export interface MigrationStatus {
  version: bigint;
  name: string;
  inSource: boolean;
  inDatabase: boolean;
}

const FOLDER = /^(\d+)_(.+)$/;

/** Lists the migrations of one database of a project, in ascending version order. */
export function listMigrations(project: HasuraProject, database = 'default'): Migration[] {
  const dir = path.join(project.migrationsDir, database);
  if (!existsSync(dir)) return [];
  const migrations: Migration[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const match = FOLDER.exec(entry.name);
    if (!match)
      throw new Error(`${path.join(dir, entry.name)}: a migration folder must be named <version>_<name>`);
    const folder = path.join(dir, entry.name);
    const read = (file: string) => {
      const full = path.join(folder, file);
      return existsSync(full) ? readFileSync(full, 'utf8') : null;
    };
    migrations.push({
      version: BigInt(match[1]!),
      name: match[2]!,
      dir: folder,
      up: read('up.sql'),
      down: read('down.sql'),
    });
  }
  migrations.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(
        `two migrations share version ${migrations[i]!.version}: ${migrations[i - 1]!.dir} and ${migrations[i]!.dir}`,
      );
    }
  }
  return migrations;
}

/**
 * Migration bookkeeping that the Hasura CLI understands. The CLI's own table is
 * `hdb_catalog.schema_migrations (version bigint primary key, dirty boolean not null)`;
 * a database the real CLI (config v3) has handled keeps the same state in
 * `hdb_catalog.hdb_version.cli_state`. We read both and write both when the second exists,
 * so a database migrated here can be handed to the real CLI and back.
 */
class Bookkeeping {
  private hasCatalogState = false;
  constructor(
    private readonly client: pg.ClientBase,
    private readonly database: string,
  ) {}

  async init(): Promise<void> {
    await this.client.query('create schema if not exists hdb_catalog');
    await this.client.query(
      'create table if not exists hdb_catalog.schema_migrations (version bigint not null primary key, dirty boolean not null)',
    );
    const found = await this.client.query(
      `select 1 from information_schema.columns
        where table_schema = 'hdb_catalog' and table_name = 'hdb_version' and column_name = 'cli_state'`,
    );
    this.hasCatalogState = (found.rowCount ?? 0) > 0;
  }

  async applied(): Promise<Map<bigint, boolean>> {
    const versions = new Map<bigint, boolean>();
    const legacy = await this.client.query<{ version: string; dirty: boolean }>(
      'select version::text as version, dirty from hdb_catalog.schema_migrations',
    );
    for (const row of legacy.rows) versions.set(BigInt(row.version), row.dirty);
    if (this.hasCatalogState) {
      const state = await this.client.query<{ migrations: Record<string, boolean> | null }>(
        `select cli_state -> 'migrations' -> $1::text as migrations from hdb_catalog.hdb_version limit 1`,
        [this.database],
      );
      for (const [version, dirty] of Object.entries(state.rows[0]?.migrations ?? {})) {
        versions.set(BigInt(version), Boolean(dirty));
      }
    }
    return versions;
  }

  async record(version: bigint): Promise<void> {
    await this.client.query(
      `insert into hdb_catalog.schema_migrations (version, dirty) values ($1, false)
       on conflict (version) do update set dirty = false`,
      [version.toString()],
    );
    if (this.hasCatalogState) {
      await this.client.query(
        `update hdb_catalog.hdb_version set cli_state = jsonb_set(
           jsonb_set(coalesce(cli_state, '{}'::jsonb), '{migrations}', coalesce(cli_state -> 'migrations', '{}'::jsonb)),
           array['migrations', $1::text],
           coalesce(cli_state -> 'migrations' -> $1::text, '{}'::jsonb) || jsonb_build_object($2::text, false))`,
        [this.database, version.toString()],
      );
    }
  }

  async forget(version: bigint): Promise<void> {
    await this.client.query('delete from hdb_catalog.schema_migrations where version = $1', [
      version.toString(),
    ]);
    if (this.hasCatalogState) {
      await this.client.query(
        `update hdb_catalog.hdb_version
            set cli_state = cli_state #- array['migrations', $1::text, $2::text]`,
        [this.database, version.toString()],
      );
    }
  }
}

export interface RunnerOptions {
  project: HasuraProject;
  databaseUrl: string;
  /** Hasura source name; selects `migrations/<database>` (default `default`). */
  database?: string;
  log?: (line: string) => void;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function inTransaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

function describeSqlError(where: string, error: unknown): Error {
  const e = error as { message?: string; position?: string; detail?: string };
  const extra = [e.detail, e.position ? `at character ${e.position}` : undefined].filter(Boolean).join('; ');
  return new Error(`${where}: ${e.message ?? String(error)}${extra ? ` (${extra})` : ''}`, { cause: error });
}

/** Opens a client with the bookkeeping ready and the project's and database's migrations listed. */
async function withBookkeeping<T>(
  options: RunnerOptions,
  work: (context: {
    client: pg.Client;
    book: Bookkeeping;
    source: Migration[];
    applied: Map<bigint, boolean>;
  }) => Promise<T>,
): Promise<T> {
  const database = options.database ?? 'default';
  const source = listMigrations(options.project, database);
  return withClient(options.databaseUrl, async (client) => {
    const book = new Bookkeeping(client, database);
    await book.init();
    return work({ client, book, source, applied: await book.applied() });
  });
}

/** Runs one migration's up or down script (or none) and its bookkeeping in one transaction. */
async function runStep(
  client: pg.ClientBase,
  migration: Migration,
  direction: 'up' | 'down' | null,
  bookkeeping: () => Promise<void>,
): Promise<void> {
  await inTransaction(client, async () => {
    const script = direction ? migration[direction] : null;
    if (script?.trim()) {
      try {
        await client.query(script);
      } catch (error) {
        throw describeSqlError(`${path.basename(migration.dir)}/${direction}.sql`, error);
      }
    }
    await bookkeeping();
  });
}

/** Current state of every migration, in the source and in the database. */
export async function migrationStatus(options: RunnerOptions): Promise<MigrationStatus[]> {
  return withBookkeeping(options, async ({ source, applied }) => {
    const rows = new Map<bigint, MigrationStatus>();
    for (const m of source)
      rows.set(m.version, {
        version: m.version,
        name: m.name,
        inSource: true,
        inDatabase: applied.has(m.version),
      });
    for (const version of applied.keys()) {
      if (!rows.has(version)) rows.set(version, { version, name: '', inSource: false, inDatabase: true });
    }
    return [...rows.values()].sort((a, b) => (a.version < b.version ? -1 : 1));
  });
}

/**
 * Applies every migration not yet recorded, oldest first, each in its own transaction with
 * its bookkeeping row. Stops at the first failure, naming the migration; earlier ones stay.
 * With `version` only that migration is applied; `skipExecution` records without running.
 */
export async function applyMigrations(
  options: RunnerOptions & { version?: bigint; skipExecution?: boolean },
): Promise<Migration[]> {
  return withBookkeeping(options, async ({ client, book, source, applied }) => {
    let pending = source.filter((m) => !applied.has(m.version));
    if (options.version !== undefined) {
      pending = pending.filter((m) => m.version === options.version);
      if (!source.some((m) => m.version === options.version))
        throw new Error(`no migration with version ${options.version}`);
    }
    for (const migration of pending) {
      await runStep(client, migration, options.skipExecution ? null : 'up', () =>
        book.record(migration.version),
      );
      options.log?.(`applied ${migration.version}_${migration.name}`);
    }
    return pending;
  });
}

/**
 * Rolls back applied migrations, newest first: `steps` of them (default 1), all of them, or
 * exactly one `version`. Each down runs in a transaction with the removal of its record.
 */
export async function rollbackMigrations(
  options: RunnerOptions & { steps?: number; all?: boolean; version?: bigint },
): Promise<Migration[]> {
  return withBookkeeping(options, async ({ client, book, source, applied }) => {
    const appliedDesc = [...applied.keys()].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    let targets: bigint[];
    if (options.version !== undefined) {
      if (!applied.has(options.version)) throw new Error(`migration ${options.version} is not applied`);
      targets = [options.version];
    } else {
      targets = options.all ? appliedDesc : appliedDesc.slice(0, options.steps ?? 1);
    }
    const done: Migration[] = [];
    for (const version of targets) {
      const migration = source.find((m) => m.version === version);
      if (!migration)
        throw new Error(`migration ${version} is applied but its folder is missing from the project`);
      if (migration.down === null) throw new Error(`${migration.dir} has no down.sql`);
      await runStep(client, migration, 'down', () => book.forget(version));
      options.log?.(`rolled back ${migration.version}_${migration.name}`);
      done.push(migration);
    }
    return done;
  });
}
