import { SURVEY_PLANNING_MESSAGES, type TFinaliseSurveyVisit } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { actAs, lockPlanningVisit, requirePlanner } from './planning-access.ts';

/**
 * `finaliseSurveyVisit(visitId, date, startTime, endTime, leadUserId?)`: the visit becomes FINAL on
 * that day and times with the surveyors who accepted it. Offers nobody answered are withdrawn
 * (their rows deleted; the audit log keeps them); declined ones stay as the record of the answer.
 * The lead is `leadUserId` (an accepted surveyor), else the accepted lead already chosen, else the
 * surveyor who accepted first. Each accepted surveyor gets an active SU role on the practice. One
 * transaction; refused with no accepted surveyor, a past day or a visit already final, changing
 * nothing.
 */
export async function finaliseSurveyVisit(db: Db, caller: Caller, input: TFinaliseSurveyVisit) {
  requirePlanner(caller);
  return db.transaction(async (tx) => {
    await actAs(tx, caller.actor);
    const visit = await lockPlanningVisit(tx, input.visitId, {
      name: 'finalise',
      refusal: SURVEY_PLANNING_MESSAGES.finaliseAlready,
    });
    const past = await tx.one<{ past: boolean }>(
      sql`select ${input.date}::date < public.portal_today() as past`,
    );
    if (past.past)
      throw new AppError('invalid_input', {
        message: SURVEY_PLANNING_MESSAGES.finalisePast,
        fields: { date: SURVEY_PLANNING_MESSAGES.finalisePast },
      });
    const accepted = await tx.many<{ user_id: number; is_lead: boolean }>(sql`
      select user_id, is_lead from public.survey_visitors
       where survey_visit_id = ${visit.id} and status = 'ACCEPTED'
       order by responded_at nulls last, id`);
    if (accepted.length === 0)
      throw new AppError('invalid_input', { message: SURVEY_PLANNING_MESSAGES.finaliseNoAccepted });
    let lead = accepted.find((v) => v.is_lead)?.user_id ?? accepted[0]!.user_id;
    if (input.leadUserId) {
      if (!accepted.some((v) => v.user_id === input.leadUserId))
        throw new AppError('invalid_input', {
          message: 'The lead surveyor must be one who accepted the visit.',
          fields: { leadUserId: 'The lead surveyor must be one who accepted the visit.' },
        });
      lead = input.leadUserId;
    }
    await tx.many(
      sql`delete from public.survey_visitors where survey_visit_id = ${visit.id} and status = 'OFFERED'`,
    );
    await tx.many(sql`
      update public.survey_visitors set is_lead = false where survey_visit_id = ${visit.id} and is_lead`);
    await tx.many(sql`
      update public.survey_visitors set is_lead = true where survey_visit_id = ${visit.id} and user_id = ${lead}`);
    // The visit's surveyors work on the practice: the practice list, its screens and the survey
    // assessment follow practice roles, so each accepted surveyor holds an active SU role there.
    await tx.many(sql`
      insert into public.practice_users (practice_id, user_id, role, active)
      select ${visit.practice_id}, user_id, 'SU', true from public.survey_visitors
       where survey_visit_id = ${visit.id} and status = 'ACCEPTED'
      on conflict (practice_id, user_id, role) do update set active = true`);
    const done = await tx.one<{ date: string; start_time: string; end_time: string }>(sql`
      update public.survey_visits
         set status = 'FINAL', date = ${input.date}, start_time = ${input.startTime}, end_time = ${input.endTime}
       where id = ${visit.id}
       returning date::text as date, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time`);
    return {
      visitId: visit.id,
      status: 'FINAL',
      date: done.date,
      startTime: done.start_time,
      endTime: done.end_time,
      leadUserId: lead,
      visitors: accepted.length,
      message: SURVEY_PLANNING_MESSAGES.finalised,
    };
  }, caller.actor);
}
