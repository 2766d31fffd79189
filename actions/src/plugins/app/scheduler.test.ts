import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { testEnv } from '@portal/testkit/test-app';
import type { FastifyInstance } from 'fastify';
import { runMigrations } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../services/scheduler/scheduled-job.ts';

/** A daily schedule at the UTC minute an hour ago: a run that every replica missed, made up on start. */
function missedDailyRun(): { crontab: string; minute: Date } {
  const minute = new Date(Date.now() - 60 * 60_000);
  minute.setUTCSeconds(0, 0);
  return { crontab: `${minute.getUTCMinutes()} ${minute.getUTCHours()} * * * ?fill=1d`, minute };
}

describe('the scheduler (decisions/notifications.md#scheduler)', () => {
  let database: TestDatabase;
  let sql: pg.Pool;
  const apps: FastifyInstance[] = [];
  const runs: Array<{ replica: number; now: string }> = [];
  let failures = 0;
  let cronsStarted = 0;
  const { crontab, minute } = missedDailyRun();

  beforeAll(async () => {
    database = await createTestDatabase('migrated');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    sql.on('error', () => {});
    // The schedules have been known for two days (both replicas ran them before and were down
    // over their last run): graphile-worker's own schema, then its record of known schedules.
    await runMigrations({ connectionString: database.url, logger: undefined });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await sql.query(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since)
       select unnest($1::text[]), $2`,
      [['test-once', 'test-fails'], twoDaysAgo],
    );
    for (const replica of [1, 2]) {
      const jobs: ScheduledJob[] = [
        {
          name: 'test-once',
          crontab,
          run: async (_app, now) => {
            runs.push({ replica, now: now.toISOString() });
          },
        },
        {
          name: 'test-fails',
          crontab,
          run: async () => {
            failures++;
            throw new Error('the mail server is down');
          },
        },
      ];
      const app = await buildApp(loadConfig(testEnv(database.url, { SCHEDULER_ENABLED: 'true' })), {
        extraJobs: jobs,
      });
      app.scheduler.events.on('cron:started', () => cronsStarted++);
      apps.push(app);
    }
    await Promise.all(apps.map((app) => app.ready()));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await sql.end();
    await database.drop();
  });

  it('runs a schedule once with two replicas on one database, "on" its scheduled minute', async () => {
    // Both replicas have made up what they missed (graphile-worker backfills before 'cron:started').
    await expect.poll(() => cronsStarted, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await sql.query(
              `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'test-once'`,
            )
          ).rows[0].n,
      )
      .toBe(0);
    // Each replica made up the missed minute; only one claimed it.
    const known = await sql.query(
      `select last_execution from graphile_worker._private_known_crontabs where identifier = 'test-once'`,
    );
    expect(new Date(known.rows[0].last_execution).toISOString()).toBe(minute.toISOString());
    expect(runs).toHaveLength(1);
    expect(runs[0]!.now).toBe(minute.toISOString());
  });

  it('retries a failed job later, with backoff, instead of at once', async () => {
    await expect.poll(() => failures, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const { rows } = await sql.query(
      `select attempts, last_error, run_at > now() as later from graphile_worker.jobs where task_identifier = 'test-fails'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, later: true });
    expect(rows[0].last_error).toContain('the mail server is down');
    expect(failures).toBe(1);
  });

  it('does not start with SCHEDULER_ENABLED=false', async () => {
    const app = await buildApp(loadConfig(testEnv(database.url, { SCHEDULER_ENABLED: 'false' })));
    await app.ready();
    expect(app.scheduler.enabled).toBe(false);
    expect(app.scheduler.running()).toBe(false);
    await app.close();
  });
});
