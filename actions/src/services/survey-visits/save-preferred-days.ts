import {
  outsidePeriodMessage,
  PREFERRED_DAYS_LOCKS,
  preferredDaysLock,
  preferredDaysPeriod,
  SURVEY_OFFER_MESSAGES,
  ZPreferredDaysSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { parseOrRefuse, requireSurveyor } from './surveyor-access.ts';

/**
 * `savePreferredDays`: replaces the caller's whole set of days for the visit in one transaction.
 * Refused with the words the page shows (preferredDaysLock of @portal/domain, today being the
 * portal's day, public.portal_today()) unless the visit asks for preferred days, its due date is in the
 * future and the caller is an OFFERED or ACCEPTED visitor; every day must lie in the period
 * (preferredDaysPeriod: today to the end of the due month). A refusal changes nothing.
 */
export async function savePreferredDays(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { visitId: number; days: unknown },
) {
  const days = parseOrRefuse(ZPreferredDaysSchema, input.days);
  await requireSurveyor(app.db, caller);
  const count = await app.db.transaction(async (tx) => {
    // The visit row is locked so a QAM's status change waits for (or precedes) this save.
    const visit = await tx.maybeOne<{
      status: string;
      due: string | null;
      archived: boolean;
      today: string;
      visitor_status: string | null;
    }>(sql`
      select v.status, to_char(v.due, 'YYYY-MM-DD') as due, v.archived,
             to_char(public.portal_today(), 'YYYY-MM-DD') as today,
             (select sv.status from public.survey_visitors sv
               where sv.survey_visit_id = v.id and sv.user_id = ${caller.userId}) as visitor_status
        from public.survey_visits v
       where v.id = ${input.visitId}
       for update of v`);
    const lock = visit ? preferredDaysLock(visit, visit.visitor_status, visit.today) : 'notVisitor';
    if (lock || !visit?.due)
      throw new AppError('invalid_transition', { message: PREFERRED_DAYS_LOCKS[lock ?? 'duePassed'] });
    const period = preferredDaysPeriod(visit.due, visit.today);
    if (days.some((d) => d.day < period.from || d.day > period.to))
      throw new AppError('invalid_input', { message: outsidePeriodMessage(period) });
    await tx.many(sql`
      delete from public.preferred_days where survey_visit_id = ${input.visitId} and user_id = ${caller.userId}
      returning id`);
    await tx.many(sql`
      insert into public.preferred_days (survey_visit_id, user_id, day, available, reason)
      select ${input.visitId}, ${caller.userId}, d.day, d.available, d.reason
        from unnest(${days.map((d) => d.day)}::date[], ${days.map((d) => d.available)}::boolean[],
                    ${days.map((d) => d.reason)}::text[]) as d(day, available, reason)
      returning id`);
    return days.length;
  }, caller.actor);
  return { visitId: input.visitId, count, message: SURVEY_OFFER_MESSAGES.daysSaved };
}
