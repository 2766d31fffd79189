import { chmodSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, applySeeds, loadProject } from '@portal/engine';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** Where a test run leaves its reports (ignored by git). */
const TEST_RESULTS = path.resolve(import.meta.dirname, 'test-results');
const TIMINGS_FILE = path.join(TEST_RESULTS, 'setup-timings.jsonl');

/** Free space a RAM disk must have to hold the run's cluster (its templates, clones and WAL). */
const RAM_DISK_MIN_BYTES = 4 * 1024 ** 3;

/**
 * Where the run's throwaway cluster lives: in memory (`/dev/shm`) when the machine has room there,
 * else the temporary directory. Its writes never need to reach a disk: on our 2-core machines the
 * kernel's block I/O for them cost about 110 s of CPU a run (docs/testing.md). A container's small
 * `/dev/shm` (64 MB by default in Docker) is passed over.
 */
function clusterBase(): string {
  const ramDisk = '/dev/shm';
  try {
    const { bavail, bsize } = statfsSync(ramDisk);
    if (bavail * bsize >= RAM_DISK_MIN_BYTES) return ramDisk;
  } catch {
    // No /dev/shm (not Linux): the temporary directory.
  }
  return os.tmpdir();
}

/**
 * Starts one embedded PostgreSQL cluster for the whole test run and builds two template
 * databases from `hasura/`: `portal_migrated` (every migration) and `portal_seeded`
 * (migrations and demo seeds). Test files clone their own database from one of them.
 * Broken seeds fail only the tests that ask for seeded data, with the seed error.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(clusterBase(), 'portal-test-pg-'));
  // When we run as root the server runs as the `postgres` user, which must reach the data directory.
  chmodSync(dataDir, 0o755);
  // A throwaway cluster: crash safety (fsync and friends) off for speed.
  const cluster = await startCluster({ dataDir: path.join(dataDir, 'data'), durable: false });
  const teardown = async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const admin = cluster.url();
    const hasura = loadProject(path.resolve(import.meta.dirname, 'hasura'));
    await createDatabase(admin, 'portal_migrated');
    await applyMigrations({ project: hasura, databaseUrl: withDatabase(admin, 'portal_migrated') });
    await offerTwoFactorToEveryRole(withDatabase(admin, 'portal_migrated'));
    await createDatabase(admin, 'portal_seeded', 'portal_migrated');
    let seedError = '';
    try {
      await applySeeds({ project: hasura, databaseUrl: withDatabase(admin, 'portal_seeded') });
    } catch (error) {
      seedError = (error as Error).message;
    }
    project.provide('pgAdminUrl', admin);
    project.provide('seedError', seedError);
    project.provide('runDir', dataDir);
    // Kept after the run, beside vitest's JSON report: `npm run test:report` reads both.
    mkdirSync(TEST_RESULTS, { recursive: true });
    writeFileSync(TIMINGS_FILE, '');
    project.provide('timingsFile', TIMINGS_FILE);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * A new provider requires a second factor of its admins, QAMs and surveyors; the test databases,
 * like the demo data (`hasura/seeds/default/97_two_factor_policy.sql`), only offer it, so a test
 * signs a QAM in with a password. The tests of the policy turn it on themselves.
 */
async function offerTwoFactorToEveryRole(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update public.provider_settings set require_two_factor_provider_admin = false,
      require_two_factor_qam = false, require_two_factor_surveyor = false, require_two_factor_practice_user = false`);
  } finally {
    await client.end();
  }
}
