import { SCHEDULED_JOBS_REFUSED_MESSAGE } from '@portal/domain';
import { createManagedPractice, createUser } from '@portal/testkit/factories';
import { signIn } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { quickAddJob, runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronWordsOf, nextRunOf } from '../../services/scheduler/list-scheduled-jobs.ts';
import { SCHEDULED_JOBS } from '../../services/scheduler/scheduled-jobs.ts';

// The admin area's "Scheduled jobs" view (docs/decisions/notifications.md#jobs-view): each schedule
// with its cron in words, last and next run, and last failure, read from graphile-worker's tables.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
});
afterAll(() => stack?.close());

const list = (token: string | null) =>
  stack.app.inject({
    method: 'GET',
    url: '/api/admin/jobs',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const digests = SCHEDULED_JOBS.find((job) => job.name === 'send-digests')!;

describe('GET /api/admin/jobs', () => {
  it('issue 32: says each schedule in words with its next run (UTC, as graphile-worker matches)', () => {
    expect(cronWordsOf(digests)).toEqual({ cron: '0 20 * * *', schedule: 'At 20:00, every day, UTC' });
    expect(nextRunOf(digests, new Date('2027-03-01T19:59:30Z'))?.toISOString()).toBe(
      '2027-03-01T20:00:00.000Z',
    );
    // On the minute itself, the next is the next day's.
    expect(nextRunOf(digests, new Date('2027-03-01T20:00:00Z'))?.toISOString()).toBe(
      '2027-03-02T20:00:00.000Z',
    );
  });

  it('issue 32: shows a provider admin the schedules, nothing run before the scheduler first starts, then its last run and last failure', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const { accessToken } = await signIn(stack.app, admin.email, admin.password);
    const before = await list(accessToken);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toMatchObject({
      schedulerEnabled: false,
      jobs: [
        {
          task: 'send-digests',
          cron: '0 20 * * *',
          schedule: 'At 20:00, every day, UTC',
          lastRun: null,
          nextRun: expect.stringMatching(/T20:00:00\.000Z$/),
          lastFailure: null,
        },
        {
          task: 'complete-edition-transitions',
          cron: '5 14 * * *',
          lastRun: null,
          nextRun: expect.stringMatching(/T14:05:00\.000Z$/),
          lastFailure: null,
        },
      ],
    });

    // The scheduler has run (its schema made, the schedule claimed) and a run failed twice of five.
    await runMigrations({ connectionString: stack.database.url });
    await stack.sql.query(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
       values ('send-digests', '2027-02-01T00:00:00Z', '2027-03-01T20:00:00Z')`,
    );
    const job = await quickAddJob(
      { connectionString: stack.database.url },
      'send-digests',
      {},
      { maxAttempts: 5 },
    );
    await stack.sql.query(
      `update graphile_worker._private_jobs
          set attempts = 2, last_error = $2, run_at = '2027-03-01T20:07:00Z' where id = $1`,
      [job.id, 'digest query failed: 502 Bad Gateway\n    at collectDigestQueues (collect-digest.ts:40)'],
    );
    const after = (await list(accessToken)).json();
    expect(after.jobs[0]).toMatchObject({
      lastRun: '2027-03-01T20:00:00.000Z',
      lastFailure: {
        message: 'digest query failed: 502 Bad Gateway',
        attempts: 2,
        maxAttempts: 5,
        retryAt: '2027-03-01T20:07:00.000Z',
      },
    });
    // Its attempts spent, it is not tried again.
    await stack.sql.query('update graphile_worker._private_jobs set attempts = 5 where id = $1', [job.id]);
    expect((await list(accessToken)).json().jobs[0].lastFailure).toMatchObject({
      attempts: 5,
      retryAt: null,
    });
  });

  it('issue 32: attack: refuses a QAM, a practice manager, a demoted admin (403), no token and a forged one (401)', async () => {
    const qam = await createUser(stack.sql, { isQam: true });
    const { pm } = await createManagedPractice(stack.sql);
    const demoted = await createUser(stack.sql, { isAdmin: true });
    const demotedToken = (await signIn(stack.app, demoted.email, demoted.password)).accessToken;
    await stack.sql.query('update users set is_admin = false where id = $1', [demoted.id]);
    for (const caller of [qam, pm]) {
      const refused = await list((await signIn(stack.app, caller.email, caller.password)).accessToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SCHEDULED_JOBS_REFUSED_MESSAGE);
      expect(refused.body).not.toContain('send-digests');
    }
    expect((await list(demotedToken)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
    const [head, body] = demotedToken.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), isAdmin: true }),
    ).toString('base64url');
    expect((await list(`${head}.${forgedBody}.${demotedToken.split('.')[2]}`)).statusCode).toBe(401);
    expect((await list(`${demotedToken.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });
});
