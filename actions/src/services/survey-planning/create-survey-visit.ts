import {
  dueDayOfMonth,
  isOfferedVisitReason,
  newVisitTypeProblem,
  OPEN_VISIT_STATUSES,
  SURVEY_PLANNING_MESSAGES,
  type TCreateSurveyVisit,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { actAs, requirePlanner } from './planning-access.ts';

/**
 * `createSurveyVisit`: a new visit of an open accreditation (of an active practice), PLANNING,
 * of the given type and reason_for_visit (a reason the visit_reason choice list offers), due on the last day of the chosen
 * month. A cycle takes visits of every type, at most one open visit of a type (`newVisitTypeProblem`;
 * the database's unique index `survey_visits_one_open_visit_per_type` holds it too). One
 * transaction, the cycle locked (so two creations of one cycle take turns); an unknown, closed or
 * archived cycle, an unknown reason and a type already being planned are refused.
 */
export async function createSurveyVisit(db: Db, caller: Caller, input: TCreateSurveyVisit) {
  requirePlanner(caller);
  return db.transaction(async (tx) => {
    await actAs(tx, caller.actor);
    const cycle = await tx.maybeOne<{ id: number; practice_id: number }>(sql`
      select a.id, a.practice_id from public.accreditations a
        join public.practices p on p.organisation_id = a.practice_id
       where a.id = ${input.accreditationId} and a.status = 'OPEN' and not a.archived
         and p.active_status = 'ACTIVE'
         for update of a`);
    if (!cycle) throw new AppError('not_found', { message: SURVEY_PLANNING_MESSAGES.noSuchAccreditation });
    const reason = await tx.maybeOne(sql`select 1 from public.visit_reason where value = ${input.reason}`);
    if (!reason || !isOfferedVisitReason(input.reason))
      throw new AppError('invalid_input', {
        message: SURVEY_PLANNING_MESSAGES.noSuchReason,
        fields: { reason: SURVEY_PLANNING_MESSAGES.noSuchReason },
      });
    const open = await tx.many<{ type: string }>(sql`
      select distinct type from public.survey_visits
       where accreditation_id = ${cycle.id} and not archived
         and status = any(${[...OPEN_VISIT_STATUSES]}::text[])`);
    const typeProblem = newVisitTypeProblem(
      input.type,
      open.map((v) => v.type),
    );
    if (typeProblem)
      throw new AppError('invalid_input', { message: typeProblem, fields: { type: typeProblem } });
    const visit = await tx.one<{ id: number; status: string; due: string }>(sql`
      insert into public.survey_visits (accreditation_id, type, status, reason_for_visit, due)
      values (${cycle.id}, ${input.type}, 'PLANNING', ${input.reason}, ${dueDayOfMonth(input.dueMonth)})
      returning id, status, due::text as due`);
    return {
      visitId: visit.id,
      status: visit.status,
      due: visit.due,
      message: SURVEY_PLANNING_MESSAGES.created,
    };
  }, caller.actor);
}
