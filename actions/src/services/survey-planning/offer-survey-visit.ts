import { SURVEY_OFFERS_PATH, SURVEY_PLANNING_MESSAGES, teamNeedsGpSurveyor } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../plugins/app/db.ts';
import { notifyUsers } from '../notifications/notify.ts';
import type { Caller } from '../practices/practice-access.ts';
import { actAs, lockPlanningVisit, requirePlanner } from './planning-access.ts';

interface Candidate {
  id: number;
  name: string;
  active_surveyor: boolean;
  conflict_reason: string | null;
  visitor_status: string | null;
  is_gp: boolean;
}

/**
 * `offerSurveyVisit(visitId, surveyorIds)`: offers a visit that is not final to surveyors, each
 * stamped with who offered it and when. All or nothing, in one transaction: the whole offer is
 * refused, naming the first surveyor at fault, when one is not an active surveyor, has a conflict
 * of interest with the practice (`surveyor_conflict_reason`, its reason in the message) or already
 * declined the visit. A surveyor already offered or accepted keeps their answer.
 */
export async function offerSurveyVisit(
  db: Db,
  caller: Caller,
  input: { visitId: number; surveyorIds: number[] },
) {
  requirePlanner(caller);
  const ids = [...new Set(input.surveyorIds)];
  return db.transaction(async (tx) => {
    await actAs(tx, caller.actor);
    const visit = await lockPlanningVisit(tx, input.visitId, {
      name: 'offer',
      refusal: SURVEY_PLANNING_MESSAGES.offerFinal,
    });
    const found = await tx.many<Candidate>(sql`
      select u.id,
             coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text) as name,
             (u.is_surveyor and u.is_active and coalesce(sp.active, true)) as active_surveyor,
             public.surveyor_conflict_reason(u.id, ${visit.practice_id}) as conflict_reason,
             sv.status as visitor_status, coalesce(sp.is_gp, false) as is_gp
        from public.users u
        left join public.surveyor_profiles sp on sp.user_id = u.id
        left join public.survey_visitors sv on sv.survey_visit_id = ${visit.id} and sv.user_id = u.id
       where u.id = any(${ids}::integer[])`);
    const byId = new Map(found.map((row) => [row.id, row]));
    for (const id of ids) {
      const who = byId.get(id);
      if (!who?.active_surveyor)
        throw new AppError('invalid_input', {
          message: SURVEY_PLANNING_MESSAGES.offerNotSurveyor(who?.name ?? `User ${id}`),
        });
      if (who.conflict_reason)
        throw new AppError('invalid_input', {
          message: SURVEY_PLANNING_MESSAGES.offerConflict(who.name, who.conflict_reason),
        });
      if (who.visitor_status === 'DECLINED')
        throw new AppError('invalid_input', { message: SURVEY_PLANNING_MESSAGES.offerDeclined(who.name) });
    }
    const fresh = ids.filter((id) => !byId.get(id)!.visitor_status);
    if (fresh.length > 0)
      await tx.many(sql`
        insert into public.survey_visitors (survey_visit_id, user_id, status, offered_at, offered_by_id)
        select ${visit.id}, id, 'OFFERED', now(), ${caller.userId} from unnest(${fresh}::integer[]) as id`);
    await notifyUsers(tx, fresh, {
      kind: 'SURVEY_OFFER',
      title: `Survey offer: ${visit.practice_name}`,
      link: SURVEY_OFFERS_PATH,
    });
    const team = await tx.many<{ status: string; is_gp: boolean }>(sql`
      select sv.status, coalesce(sp.is_gp, false) as is_gp from public.survey_visitors sv
        left join public.surveyor_profiles sp on sp.user_id = sv.user_id
       where sv.survey_visit_id = ${visit.id}`);
    return {
      visitId: visit.id,
      offered: fresh.length,
      needsGpSurveyor: teamNeedsGpSurveyor(
        visit.type,
        team.map((m) => ({ visitorStatus: m.status, isGp: m.is_gp })),
      ),
      message: SURVEY_PLANNING_MESSAGES.offered(fresh.length),
    };
  }, caller.actor);
}
