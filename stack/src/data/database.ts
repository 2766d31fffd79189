import { accessSync, chmodSync, constants, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  type Cluster,
  createDatabase,
  dropDatabase,
  type StartClusterOptions,
  startCluster,
  withDatabase,
} from '@portal/devdb';
import { applyMigrations, applySeeds, type HasuraProject, migrationStatus } from '@portal/engine';
import type { DatabaseConfig } from '../config/config.ts';
import type { Logger } from '../log.ts';

export interface RunningDatabase {
  /** URL of the application database. */
  url: string;
  /** True when the demo seeds were applied on this start. */
  seeded: boolean;
  stop(): Promise<void>;
  /** Embedded only: the running server, and how to start it again after a crash. */
  embedded?: { cluster: Cluster; startAgain(): Promise<Cluster> };
}

/**
 * When we are root, PostgreSQL runs as the `postgres` user, which must be able to walk down
 * to its data directory. Names the first directory that stops it.
 */
function checkReachableByOthers(dir: string): string | null {
  if (process.getuid?.() !== 0) return null;
  // The data directory's parent is created (or made) 0755 by us; check the ones above it.
  for (let current = path.dirname(path.dirname(dir)); ; current = path.dirname(current)) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return current;
    } catch {
      // Not created yet: we create it below with the right mode.
    }
    if (path.dirname(current) === current) return null;
  }
}

/** Whether any migration was ever applied to this database (by us or the Hasura CLI). */
async function hasAppliedMigrations(project: HasuraProject, url: string): Promise<boolean> {
  const rows = await migrationStatus({ project, databaseUrl: url });
  return rows.some((row) => row.inDatabase);
}

async function migrateAndSeed(
  project: HasuraProject,
  url: string,
  seed: boolean,
  log: Logger,
): Promise<void> {
  const applied = await applyMigrations({ project, databaseUrl: url, log });
  log(applied.length ? `${applied.length} migration(s) applied` : 'migrations: up to date');
  if (seed) {
    const files = await applySeeds({ project, databaseUrl: url, log });
    log(`seeded the demo data (${files.length} file(s))`);
  }
}

/**
 * Embedded PostgreSQL (data under the data directory) or the external DATABASE_URL, migrated
 * to the newest version. Seeds run once: when the embedded database is created, or when an
 * external one has no migration applied yet.
 */
export async function startDatabase(
  config: DatabaseConfig,
  project: HasuraProject,
  log: Logger,
): Promise<RunningDatabase> {
  if (config.kind === 'external') {
    const seed = !(await hasAppliedMigrations(project, config.url));
    await migrateAndSeed(project, config.url, seed, log);
    return { url: config.url, seeded: seed, stop: async () => {} };
  }

  const blocked = checkReachableByOthers(config.dataDir);
  if (blocked) {
    throw new Error(
      `PostgreSQL runs as the 'postgres' user when started by root, and that user cannot enter ${blocked}. ` +
        `Run 'chmod o+x ${blocked}' or set DATA_DIR to a directory it can reach.`,
    );
  }
  const parent = path.dirname(config.dataDir);
  mkdirSync(parent, { recursive: true });
  chmodSync(parent, 0o755);
  accessSync(parent, constants.W_OK);

  const options: StartClusterOptions = {
    dataDir: config.dataDir,
    port: config.port,
    // Real data: crash-safe settings on (fsync, full_page_writes, synchronous_commit).
    durable: true,
    onLog: (line) => {
      // The server's own chatter stays out of the way; problems still show.
      if (/\b(ERROR|FATAL|PANIC)\b/.test(line)) log.error(line.trim());
    },
  };
  const cluster = await startCluster(options);
  try {
    const adminUrl = cluster.url();
    const created = await createDatabase(adminUrl, config.name);
    const url = withDatabase(adminUrl, config.name);
    try {
      await migrateAndSeed(project, url, created, log);
    } catch (error) {
      // A half-provisioned new database would never be seeded again: start over next time.
      if (created) await dropDatabase(adminUrl, config.name);
      throw error;
    }
    return {
      url,
      seeded: created,
      stop: () => cluster.stop(),
      // After a crash PostgreSQL recovers from its write-ahead log on start.
      embedded: { cluster, startAgain: () => startCluster(options) },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
