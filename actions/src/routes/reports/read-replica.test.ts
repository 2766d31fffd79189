import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Cluster,
  createDatabase,
  debianBinDir,
  hasDebianPostgres,
  startSystemCluster,
  startSystemStandby,
  withDatabase,
} from '@portal/devdb';
import { MANAGEMENT_REPORT_TABLES, type TReport } from '@portal/domain';
import { applyMigrations, loadProject } from '@portal/engine';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { signIn, testEnv } from '@portal/testkit/test-app';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';

/**
 * The reports on a read replica (REPORTS_DATABASE_URL): a real streaming replica of a real primary
 * (PostgreSQL 15 from Debian, copied with pg_basebackup), the actions service on both. The figures
 * come from the replica, with the moment they reflect when it lags; who may read a report is
 * decided on the primary. `.ci/run` installs PostgreSQL 15, so CI always runs this.
 */
const available = hasDebianPostgres(15);

describe.skipIf(!available)('reports read from a streaming replica (REPORTS_DATABASE_URL)', () => {
  let dir: string;
  let primary: Cluster;
  let standby: Cluster;
  let app: FastifyInstance;
  /** The primary's portal database, for arranging rows, and the replica's, for watching it. */
  let onPrimary: pg.Pool;
  let onReplica: pg.Pool;
  let qam: Awaited<ReturnType<typeof createUser>>;
  let token: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-replica-'));
    chmodSync(dir, 0o755);
    const binDir = debianBinDir(15);
    primary = await startSystemCluster({ binDir, dataDir: path.join(dir, 'primary') });
    await createDatabase(primary.url(), 'portal');
    const primaryUrl = withDatabase(primary.url(), 'portal');
    await applyMigrations({
      project: loadProject(path.resolve(import.meta.dirname, '../../../../hasura')),
      databaseUrl: primaryUrl,
    });
    standby = await startSystemStandby({ binDir, primary, dataDir: path.join(dir, 'standby') });
    const replicaUrl = withDatabase(standby.url(), 'portal');
    onPrimary = new pg.Pool({ connectionString: primaryUrl, max: 2 });
    onReplica = new pg.Pool({ connectionString: replicaUrl, max: 2 });
    app = await buildApp(loadConfig(testEnv(primaryUrl, { REPORTS_DATABASE_URL: replicaUrl })));
    await app.ready();
    // As in the test templates (vitest.global-setup.ts): a second factor offered, not required.
    await onPrimary.query(`update public.provider_settings set require_two_factor_provider_admin = false,
      require_two_factor_qam = false, require_two_factor_surveyor = false, require_two_factor_practice_user = false`);
    qam = await createUser(onPrimary, { isQam: true });
    token = (await signIn(app, qam.email, qam.password)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await onPrimary?.end();
    await onReplica?.end();
    await standby?.stop();
    await primary?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const report = async (as = token): Promise<{ status: number; body: TReport }> => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/reports/management',
      headers: { authorization: `Bearer ${as}` },
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** The practices the management report counts (its cycle status table's total). */
  const practicesCounted = (made: TReport) => {
    const table = made.tables.find((t) => t.key === MANAGEMENT_REPORT_TABLES.cycleStatus.key)!;
    return table.rows.reduce((sum, row) => sum + Number(row.practices ?? 0), 0);
  };
  /**
   * The replica has received (`pg_last_wal_receive_lsn`) or applied (`pg_last_wal_replay_lsn`)
   * everything the primary has written so far.
   */
  const replicaReached = async (position: 'pg_last_wal_receive_lsn' | 'pg_last_wal_replay_lsn') => {
    const { rows } = await onPrimary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await expect
      .poll(
        async () =>
          (
            await onReplica.query<{ done: boolean }>(`select ${position}() >= $1::pg_lsn as done`, [
              rows[0]!.lsn,
            ])
          ).rows[0]!.done,
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
  };
  const caughtUp = () => replicaReached('pg_last_wal_replay_lsn');

  it('counts what the replica has applied and says how old its figures are while it lags', async () => {
    await createPractice(onPrimary);
    await caughtUp();
    const before = await report();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const counted = practicesCounted(before.body);
    expect(counted).toBeGreaterThan(0);
    // Caught up: the figures are as of the moment they were read.
    expect(Date.parse(before.body.generatedAt) - Date.parse(before.body.asOf)).toBeLessThan(5_000);

    // The replica stops applying; the primary goes on. The report is the replica's.
    await onReplica.query('select pg_wal_replay_pause()');
    try {
      const applied = await onReplica.query<{ at: Date }>('select pg_last_xact_replay_timestamp() as at');
      await createPractice(onPrimary);
      await replicaReached('pg_last_wal_receive_lsn');
      const lagging = await report();
      expect(practicesCounted(lagging.body)).toBe(counted);
      expect(lagging.body.asOf).toBe(applied.rows[0]!.at.toISOString());
    } finally {
      await onReplica.query('select pg_wal_replay_resume()');
    }

    await caughtUp();
    const after = await report();
    expect(practicesCounted(after.body)).toBe(counted + 1);
    expect(Date.parse(after.body.generatedAt) - Date.parse(after.body.asOf)).toBeLessThan(5_000);
  });

  it('decides who may read a report on the primary, not on the lagging replica', async () => {
    const manager = await createUser(onPrimary);
    const practice = await createPractice(onPrimary);
    await addPracticeRole(onPrimary, practice.id, manager.id, 'PM');
    const managerToken = (await signIn(app, manager.email, manager.password)).accessToken;
    await caughtUp();
    expect((await report(managerToken)).status).toBe(200);
    await onReplica.query('select pg_wal_replay_pause()');
    try {
      // The manager's role is taken away on the primary; the paused replica still has it.
      await onPrimary.query('update public.practice_users set active = false where user_id = $1', [
        manager.id,
      ]);
      expect((await report(managerToken)).status).toBe(403);
    } finally {
      await onReplica.query('select pg_wal_replay_resume()');
    }
  });
});
