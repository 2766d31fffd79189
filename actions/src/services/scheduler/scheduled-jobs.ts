import { sendDigests } from '../digests/send-digests.ts';
import type { ScheduledJob } from './scheduled-job.ts';

/** The production schedule (UTC). */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    // 20:00 UTC is 06:00 or 07:00 the next morning in Sydney (the portal's day, PORTAL_TIME_ZONE):
    // the digest of that day. Missed in the last 12 hours (every replica down): sent on start.
    name: 'send-digests',
    crontab: '0 20 * * * ?fill=12h&max=5',
    run: async (app, now) => {
      const run = await sendDigests(app, { now });
      app.log.info(run, 'digests sent');
    },
  },
];
