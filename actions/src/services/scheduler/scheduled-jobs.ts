import { portalToday } from '@portal/domain';
import { sendDigests } from '../digests/send-digests.ts';
import { completeEditionTransitions } from '../editions/complete-edition-transitions.ts';
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
  {
    // 14:05 UTC is just past midnight in Sydney (00:05 or 01:05): the first minutes of the portal's
    // day after a transition window's last one. Missed in the last 2 days: run on start.
    name: 'complete-edition-transitions',
    crontab: '5 14 * * * ?fill=2d&max=5',
    run: async (app, now) => {
      const current = await completeEditionTransitions(app.db, portalToday(now));
      if (current.length) app.log.info({ current }, 'transition windows completed');
    },
  },
];
