import { API_PREFIX } from '../routes/paths.ts';

/**
 * The admin area's "Scheduled jobs" view (docs/decisions/notifications.md#jobs-view): GET, a
 * provider admin's only (403 for anyone else, 401 without a session).
 */
export const SCHEDULED_JOBS_PATH = `${API_PREFIX}/admin/jobs`;

/** What the route says to anyone but an active provider admin. */
export const SCHEDULED_JOBS_REFUSED_MESSAGE = 'Only a provider admin can see the scheduled jobs.';

/** The last failure of a schedule's job still held by the queue (retrying, or failed for good). */
export interface TScheduledJobFailure {
  /** When it last failed (ISO). */
  at: string;
  /** The first line of its error. */
  message: string;
  attempts: number;
  maxAttempts: number;
  /** ISO: when it is tried again; null once its attempts are spent. */
  retryAt: string | null;
}

/** One schedule of the scheduler, as the jobs view shows it. */
export interface TScheduledJobView {
  /** The task's name ('send-digests'). */
  task: string;
  /** Its cron times (five fields, UTC). */
  cron: string;
  /** The cron in words ('At 20:00, UTC'). */
  schedule: string;
  /** ISO: the last scheduled minute a replica claimed; null before the first. */
  lastRun: string | null;
  /** ISO: the next scheduled minute. */
  nextRun: string | null;
  lastFailure: TScheduledJobFailure | null;
}

export interface TScheduledJobsAnswer {
  /** Whether the answering replica runs the scheduler (SCHEDULER_ENABLED). */
  schedulerEnabled: boolean;
  jobs: TScheduledJobView[];
}
