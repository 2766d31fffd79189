import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { Logger, type LogLevel, type Runner, run, type TaskList, type WorkerEvents } from 'graphile-worker';
import { cronTimeOf, crontabOf, type ScheduledJob } from '../../services/scheduler/scheduled-job.ts';
import { SCHEDULED_JOBS } from '../../services/scheduler/scheduled-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: {
      /** Whether this replica runs the scheduler (SCHEDULER_ENABLED). */
      enabled: boolean;
      /** The schedules (the production ones and any a test adds), for the admin's jobs view. */
      jobs: readonly ScheduledJob[];
      /** graphile-worker's events (cron started, job failed, …), for logs and tests. */
      events: WorkerEvents;
      /** The time a job added by hand runs "on" (tests inject a fixed day). */
      clock(): Date;
      /** Whether this replica's worker has started (its schema migrated, its cron registered). */
      running(): boolean;
    };
  }
}

export interface SchedulerOptions {
  /** Jobs besides the production ones (test-only wiring, as `extraActions`). */
  extraJobs?: readonly ScheduledJob[];
  /** The clock of jobs added by hand; cron runs are "on" their scheduled minute. */
  clock?: () => Date;
}

/**
 * The scheduler (docs/decisions/notifications.md#scheduler): graphile-worker on the app's
 * database, in its own schema and pool. Every replica may run it: each cron minute is claimed by
 * one replica (graphile-worker's known_crontabs row), each job by one worker (SKIP LOCKED); a
 * failed job is retried with exponential backoff. Started when the app is ready, stopped with it.
 */
export default fp<SchedulerOptions>(
  async (app, options) => {
    const jobs = [...SCHEDULED_JOBS, ...(options.extraJobs ?? [])];
    const clock = options.clock ?? (() => new Date());
    const events: WorkerEvents = new EventEmitter();
    let runner: Runner | undefined;
    app.decorate('scheduler', {
      enabled: app.config.schedulerEnabled,
      jobs,
      events,
      clock,
      running: () => runner !== undefined,
    });
    if (!app.config.schedulerEnabled) return;

    const taskList: TaskList = Object.fromEntries(
      jobs.map((job) => [job.name, async (payload: unknown) => job.run(app, cronTimeOf(payload) ?? clock())]),
    );
    const logger = new Logger((scope) => (level: LogLevel, message: string, meta?: unknown) => {
      const log = app.log.child({ scheduler: scope });
      if (level === 'error') log.error(meta ?? {}, message);
      else if (level === 'warning') log.warn(meta ?? {}, message);
      else log.debug(meta ?? {}, message);
    });
    // Started after the app is ready and not awaited: the service answers (503 while the database
    // is down) even when the scheduler cannot start yet; it tries again every 30 s.
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let starting: Promise<void> = Promise.resolve();
    const start = async () => {
      try {
        const started = await run({
          connectionString: app.config.database.url,
          maxPoolSize: 4,
          concurrency: 1,
          noHandleSignals: true,
          pollInterval: 10_000,
          taskList,
          crontab: crontabOf(jobs),
          logger,
          events,
        });
        if (stopped) await started.stop();
        else runner = started;
      } catch (error) {
        if (stopped) return;
        app.log.error({ err: error }, 'the scheduler could not start; trying again in 30 s');
        retry = setTimeout(() => {
          starting = start();
        }, 30_000);
        retry.unref();
      }
    };
    app.addHook('onReady', async () => {
      starting = start();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearTimeout(retry);
      await starting;
      await runner?.stop();
    });
  },
  { name: 'scheduler', dependencies: ['db', 'outbox'] },
);
