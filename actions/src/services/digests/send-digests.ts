import {
  digestDueOn,
  digestSections,
  formatDisplayDate,
  portalToday,
  type TEmailDigest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { describeUser } from '../accounts/get-current-user.ts';
import { findUserById } from '../accounts/users.ts';
import { collectDigestQueues } from './collect-digest.ts';
import { renderDigest } from './render-digest.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

/** Thrown inside a digest's transaction when another run sent it first: rolls its e-mail back. */
class AlreadySent extends Error {}

export interface DigestRun {
  day: string;
  sent: number;
  empty: number;
  alreadySent: number;
  failed: number;
}

/**
 * The e-mail digests of a portal day (decisions/notifications.md#digests): to every active user
 * whose setting asks for one that day (daily, or weekly on Mondays), their Dashboard's queues as
 * sections (overdue, due within 1, 7 and 30 days, waiting), each item linking to its screen.
 * Empty digests are not sent. The e-mail and its `email_digests` row (one per user, period and
 * day) are written in one transaction, so two runs, on two replicas or after a retry, send once.
 */
export async function sendDigests(
  app: FastifyInstance,
  options: { now: Date; graphqlUrl?: string },
): Promise<DigestRun> {
  const day = portalToday(options.now);
  const run: DigestRun = { day, sent: 0, empty: 0, alreadySent: 0, failed: 0 };
  const candidates = await app.db.many<{ id: number; email_digest: TEmailDigest }>(sql`
    select u.id, u.email_digest from public.users u
     where u.is_active and u.email_digest <> 'OFF'
       and not exists (select 1 from public.email_digests d where d.user_id = u.id and d.day = ${day}::date)
     order by u.id`);
  for (const candidate of candidates) {
    const period = digestDueOn(candidate.email_digest, day);
    if (!period) continue;
    try {
      const outcome = await sendOne(
        app,
        candidate.id,
        period,
        day,
        options.graphqlUrl ?? app.config.graphqlUrl,
      );
      run[outcome]++;
    } catch (error) {
      run.failed++;
      app.log.error({ err: error, userId: candidate.id }, 'digest failed');
    }
  }
  // A failed user is tried again by the job's retry; the others are not sent twice.
  if (run.failed > 0) throw new Error(`${run.failed} digest(s) of ${day} failed`);
  return run;
}

async function sendOne(
  app: FastifyInstance,
  userId: number,
  period: 'DAILY' | 'WEEKLY',
  day: string,
  graphqlUrl: string,
): Promise<'sent' | 'empty' | 'alreadySent'> {
  const row = await findUserById(app.db, userId);
  if (!row?.is_active) return 'empty';
  const user = await describeUser({ db: app.db, storage: null }, row);
  const sections = digestSections(await collectDigestQueues(app, user, day, graphqlUrl));
  if (sections.length === 0) return 'empty';
  const mail = renderDigest({
    to: user.email,
    name: user.name,
    period,
    dayLabel: formatDisplayDate(day),
    sections,
    appOrigin: app.config.appOrigin,
    unsubscribeUrl: unsubscribeUrl(app.config.appOrigin, app.config.actionsSecret, user.id),
  });
  try {
    await app.db.transaction(async (tx) => {
      const emailId = await app.outbox.enqueue(tx, mail);
      const recorded = await tx.maybeOne(sql`
        insert into public.email_digests (user_id, period, day, email_id)
        values (${user.id}, ${period}, ${day}::date, ${emailId})
        on conflict (user_id, period, day) do nothing
        returning id`);
      if (!recorded) throw new AlreadySent();
    });
  } catch (error) {
    if (error instanceof AlreadySent) return 'alreadySent';
    throw error;
  }
  return 'sent';
}
