import { canTakePlanningStep, SURVEY_PLANNING_MESSAGES, type TPlanningStep } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Actor, Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * Survey visits are planned by the back office (QAM, provider admin), every practice's alike, as
 * they read every visit (survey_visit_can_read). The actions are in every role's schema, because
 * the web app is typed against role user's (docs/decisions/web-app.md); the others are refused here.
 */
export function requirePlanner(caller: Caller): void {
  if (caller.backOfficeRole === null)
    throw new AppError('forbidden', { message: SURVEY_PLANNING_MESSAGES.notAllowed });
}

export interface PlanningVisit {
  id: number;
  status: string;
  type: string;
  due: string | null;
  confirmation_form_status: string;
  accreditation_id: number;
  practice_id: number;
  practice_name: string;
}

/** Names the actor as the audit log's `hasura.user` for the rest of the transaction. */
export async function actAs(tx: Queryable, actor: Actor): Promise<void> {
  const session = { 'x-hasura-user-id': String(actor.userId), 'x-hasura-role': actor.role };
  await tx.many(sql`select set_config('hasura.user', ${JSON.stringify(session)}, true)`);
}

/**
 * The visit, locked FOR UPDATE for the rest of the transaction (two planners' steps on one visit
 * run one after the other); a missing or archived visit is not_found. With `step`, a visit not in
 * one of the step's statuses is refused with `refusal`, changing nothing.
 */
export async function lockPlanningVisit(
  tx: Queryable,
  visitId: number,
  step?: { name: TPlanningStep; refusal: string },
): Promise<PlanningVisit> {
  const visit = await tx.maybeOne<PlanningVisit>(sql`
    select v.id, v.status, v.type, v.due::text as due, v.confirmation_form_status, v.accreditation_id,
           a.practice_id, o.name as practice_name
      from public.survey_visits v
      join public.accreditations a on a.id = v.accreditation_id
      join public.organisations o on o.id = a.practice_id
     where v.id = ${visitId} and not v.archived
       for update of v`);
  if (!visit) throw new AppError('not_found', { message: SURVEY_PLANNING_MESSAGES.noSuchVisit });
  if (step && !canTakePlanningStep(step.name, visit.status))
    throw new AppError('invalid_transition', { message: step.refusal });
  return visit;
}
