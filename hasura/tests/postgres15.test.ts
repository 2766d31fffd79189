import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Cluster,
  createDatabase,
  debianBinDir,
  hasDebianPostgres,
  startSystemCluster,
  withDatabase,
} from '@portal/devdb';
import { applyMigrations, applySeeds, loadProject, rollbackMigrations } from '@portal/engine';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Our SQL must run on PostgreSQL 15 to 18. The embedded server is 18; Debian 12 ships 15.
// `.ci/run` installs it, so CI always runs this; elsewhere it is skipped with this reason.
const available = hasDebianPostgres(15);

describe.skipIf(!available)('on PostgreSQL 15 (Debian)', () => {
  const project = loadProject(path.resolve(import.meta.dirname, '..'));
  let cluster: Cluster;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg15-'));
    chmodSync(dir, 0o755);
    cluster = await startSystemCluster({ binDir: debianBinDir(15), dataDir: path.join(dir, 'data') });
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies every migration, rolls them all back and applies them again, then loads the seeds', async () => {
    await createDatabase(cluster.url(), 'portal');
    const url = withDatabase(cluster.url(), 'portal');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const version = await client.query('show server_version_num');
      expect(Number(version.rows[0].server_version_num)).toBeLessThan(160000);
      const applied = await applyMigrations({ project, databaseUrl: url });
      await rollbackMigrations({ project, databaseUrl: url, all: true });
      const left = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
      expect(left.rows[0].n).toBe(0);
      expect(await applyMigrations({ project, databaseUrl: url })).toHaveLength(applied.length);
      await applySeeds({ project, databaseUrl: url });
    } finally {
      await client.end();
    }
  });
});
