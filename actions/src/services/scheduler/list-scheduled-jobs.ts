import {
  canUseAdminConsole,
  SCHEDULED_JOBS_REFUSED_MESSAGE,
  type TScheduledJobsAnswer,
} from '@portal/domain';
import cronstrue from 'cronstrue';
import type { FastifyInstance } from 'fastify';
import { parseCrontab } from 'graphile-worker';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { crontabOf, type ScheduledJob } from './scheduled-job.ts';

/** How far ahead the next run is looked for (a yearly schedule still has one). */
const NEXT_RUN_HORIZON_MINUTES = 366 * 24 * 60;

/** The minute after `now` (UTC, as graphile-worker matches) at which the job's cron next runs. */
export function nextRunOf(job: ScheduledJob, now: Date): Date | null {
  const [item] = parseCrontab(crontabOf([job]));
  if (!item) return null;
  const at = new Date(now);
  at.setUTCSeconds(0, 0);
  for (let i = 0; i < NEXT_RUN_HORIZON_MINUTES; i++) {
    at.setUTCMinutes(at.getUTCMinutes() + 1);
    const digest = {
      min: at.getUTCMinutes(),
      hour: at.getUTCHours(),
      date: at.getUTCDate(),
      month: at.getUTCMonth() + 1,
      dow: at.getUTCDay(),
    };
    if (item.match(digest)) return at;
  }
  return null;
}

/** The five cron fields of a job's crontab, and them in words (UTC). */
export function cronWordsOf(job: ScheduledJob): { cron: string; schedule: string } {
  const cron = job.crontab.trim().split(/\s+/).slice(0, 5).join(' ');
  return { cron, schedule: `${cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: true })}, UTC` };
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * GET /api/admin/jobs (docs/decisions/notifications.md#jobs-view): each schedule of the scheduler,
 * its cron in words, last and next run, and the last failure graphile-worker still holds (a job
 * retrying, or one whose attempts are spent; a job that succeeds is removed by the queue, so a
 * failure retried with success is gone). Read from graphile-worker's tables; before its first
 * start (no schema yet) nothing has run. Only an active provider admin, re-read now.
 */
export async function listScheduledJobs(
  app: Pick<FastifyInstance, 'db' | 'scheduler'>,
  callerId: number,
  now: Date = new Date(),
): Promise<TScheduledJobsAnswer> {
  const caller = await app.db.maybeOne<{ is_active: boolean; is_admin: boolean }>(
    sql`select is_active, is_admin from public.users where id = ${callerId}`,
  );
  if (!canUseAdminConsole(caller ? { isActive: caller.is_active, isAdmin: caller.is_admin } : null))
    throw new AppError('forbidden', { message: SCHEDULED_JOBS_REFUSED_MESSAGE });
  const names = app.scheduler.jobs.map((job) => job.name);
  const schema = await app.db.one<{ ready: boolean }>(
    sql`select to_regclass('graphile_worker._private_known_crontabs') is not null
               and to_regclass('graphile_worker.jobs') is not null as ready`,
  );
  const runs = schema.ready
    ? await app.db.many<{ identifier: string; last_execution: Date | null }>(sql`
        select identifier, last_execution from graphile_worker._private_known_crontabs
         where identifier = any(${names}::text[])`)
    : [];
  const failures = schema.ready
    ? await app.db.many<{
        task_identifier: string;
        last_error: string;
        attempts: number;
        max_attempts: number;
        run_at: Date;
        updated_at: Date;
      }>(sql`
        select distinct on (task_identifier) task_identifier, last_error, attempts, max_attempts, run_at, updated_at
          from graphile_worker.jobs
         where task_identifier = any(${names}::text[]) and last_error is not null
         order by task_identifier, updated_at desc, id desc`)
    : [];
  return {
    schedulerEnabled: app.scheduler.enabled,
    jobs: app.scheduler.jobs.map((job) => {
      const failure = failures.find((f) => f.task_identifier === job.name);
      return {
        task: job.name,
        ...cronWordsOf(job),
        lastRun: iso(runs.find((r) => r.identifier === job.name)?.last_execution),
        nextRun: iso(nextRunOf(job, now)),
        lastFailure: failure
          ? {
              at: iso(failure.updated_at)!,
              // The first line: a stack, if any, stays in the logs.
              message: (failure.last_error.split('\n')[0] ?? '').slice(0, 500),
              attempts: failure.attempts,
              maxAttempts: failure.max_attempts,
              retryAt: failure.attempts < failure.max_attempts ? iso(failure.run_at) : null,
            }
          : null,
      };
    }),
  };
}
