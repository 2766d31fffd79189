import type { FastifyInstance } from 'fastify';

/** One job of the scheduler: what runs, and when (a crontab line's time and options, UTC). */
export interface ScheduledJob {
  /** The task's name (letters, digits, '-' and '_'); also its cron identifier. */
  name: string;
  /**
   * The crontab schedule and options, e.g. `0 6 * * * ?fill=6h&max=5`: at 06:00 UTC, a run missed
   * while every replica was down in the last 6 hours is made up, 5 attempts with backoff.
   */
  crontab: string;
  /** The work. `now` is the time the run is for (the cron's scheduled minute, or the app's clock). */
  run(app: FastifyInstance, now: Date): Promise<void>;
}

/** The crontab text graphile-worker reads for these jobs. */
export function crontabOf(jobs: readonly ScheduledJob[]): string {
  return jobs
    .map((job) => {
      const [minute, hour, day, month, weekday, ...options] = job.crontab.trim().split(/\s+/);
      return [minute, hour, day, month, weekday, job.name, ...options].join(' ');
    })
    .join('\n');
}

/** The minute a cron run is for, from graphile-worker's `_cron` payload; null for a job added by hand. */
export function cronTimeOf(payload: unknown): Date | null {
  const ts = (payload as { _cron?: { ts?: unknown } } | null)?._cron?.ts;
  if (typeof ts !== 'string') return null;
  const time = new Date(ts);
  return Number.isNaN(time.getTime()) ? null : time;
}
