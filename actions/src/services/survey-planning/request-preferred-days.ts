import {
  displayName,
  formatMonthLong,
  labelOf,
  PRODUCT_NAME,
  preferredDaysRoute,
  SURVEY_PLANNING_MESSAGES,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { notifyEmails } from '../notifications/notify.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import type { Caller } from '../practices/practice-access.ts';
import { actAs, lockPlanningVisit, requirePlanner } from './planning-access.ts';

/**
 * `requestPreferredDays(visitId)`: asks every surveyor offered the visit (who did not decline) for
 * the days they can do it: the visit becomes PREFERRED_DAYS_REQ, date_preferred_days_notif_sent is
 * stamped and each gets an e-mail through the outbox with the link to the visit's preferred days
 * page, all in one transaction. Refused for a final visit, one without a due month and one
 * offered to nobody, changing nothing.
 */
export async function requestPreferredDays(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { visitId: number },
) {
  requirePlanner(caller);
  return app.db.transaction(async (tx) => {
    await actAs(tx, caller.actor);
    const visit = await lockPlanningVisit(tx, input.visitId, {
      name: 'requestPreferredDays',
      refusal: SURVEY_PLANNING_MESSAGES.daysFinal,
    });
    if (!visit.due) throw new AppError('invalid_input', { message: SURVEY_PLANNING_MESSAGES.daysNoDue });
    const surveyors = await tx.many<{ email: string; first_name: string; last_name: string }>(sql`
      select u.email::text as email, u.first_name, u.last_name
        from public.survey_visitors sv join public.users u on u.id = sv.user_id
       where sv.survey_visit_id = ${visit.id} and sv.status <> 'DECLINED' and u.is_active
       order by sv.id`);
    if (surveyors.length === 0)
      throw new AppError('invalid_input', { message: SURVEY_PLANNING_MESSAGES.daysNobody });
    const updated = await tx.one<{ sent_at: Date }>(sql`
      update public.survey_visits set status = 'PREFERRED_DAYS_REQ', date_preferred_days_notif_sent = now()
       where id = ${visit.id} returning date_preferred_days_notif_sent as sent_at`);
    const month = formatMonthLong(visit.due);
    const link = `${app.config.appOrigin}${preferredDaysRoute(visit.id)}`;
    await notifyEmails(
      tx,
      surveyors.map((s) => s.email),
      {
        kind: 'PREFERRED_DAYS_REQUESTED',
        title: `Preferred days requested: ${visit.practice_name}, ${month}`,
        link: preferredDaysRoute(visit.id),
      },
    );
    for (const surveyor of surveyors) {
      const name = displayName({
        firstName: surveyor.first_name,
        lastName: surveyor.last_name,
        email: surveyor.email,
      });
      await enqueueEmail(tx, {
        to: surveyor.email,
        subject: `Preferred days requested: ${visit.practice_name}, ${month}`,
        text: [
          `Hello ${name},`,
          '',
          `Please tell us which days in ${month} you can do the ${labelOf(VISIT_TYPE_LABELS, visit.type).toLowerCase()} visit to ${visit.practice_name}, and which days you cannot.`,
          '',
          `Set your preferred days: ${link}`,
          '',
          `Sent by ${PRODUCT_NAME}.`,
        ].join('\n'),
        template: 'survey-preferred-days',
      });
    }
    return {
      visitId: visit.id,
      status: 'PREFERRED_DAYS_REQ',
      requestedAt: updated.sent_at.toISOString(),
      message: SURVEY_PLANNING_MESSAGES.daysRequested(surveyors.length),
    };
  }, caller.actor);
}
