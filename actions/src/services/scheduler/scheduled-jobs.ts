import type { ScheduledJob } from './scheduled-job.ts';

/** The production schedule (UTC). */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [];
