import { preferredDaysPeriod, SURVEY_PLANNING_MESSAGES, teamNeedsGpSurveyor } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requirePlanner } from './planning-access.ts';

/**
 * `surveyPlanningVisit(visitId)`: what the planning screen of one visit needs: the visit and its
 * practice, every active surveyor (home state, GP, current load: the visits they accepted that
 * are not over) with the reason they may not be offered it (`surveyor_conflict_reason`, the one
 * home of the conflict rule) and how they answered an offer of it, and the days the offered
 * surveyors stated for the requested period.
 */
export async function getPlanningVisit(db: Db, caller: Caller, input: { visitId: number }) {
  requirePlanner(caller);
  const visit = await db.maybeOne<{
    id: number;
    accreditation_id: number;
    practice_id: number;
    practice_name: string;
    suburb: string | null;
    state: string | null;
    type: string;
    status: string;
    reason: string | null;
    due: string | null;
    date: string | null;
    start_time: string | null;
    end_time: string | null;
    confirmation_form_status: string;
    date_preferred_days_notif_sent: Date | null;
    expiry_date: string | null;
    today: string;
  }>(sql`
    select v.id, v.accreditation_id, a.practice_id, o.name as practice_name, ad.suburb, ad.state,
           v.type, v.status, v.reason_for_visit as reason, v.due::text as due, v.date::text as date,
           to_char(v.start_time, 'HH24:MI') as start_time, to_char(v.end_time, 'HH24:MI') as end_time,
           v.confirmation_form_status, v.date_preferred_days_notif_sent,
           coalesce(a.ext_date, a.expiry_date)::text as expiry_date, public.portal_today()::text as today
      from public.survey_visits v
      join public.accreditations a on a.id = v.accreditation_id
      join public.organisations o on o.id = a.practice_id
      left join public.addresses ad on ad.id = o.physical_address_id
     where v.id = ${input.visitId} and not v.archived`);
  if (!visit) throw new AppError('not_found', { message: SURVEY_PLANNING_MESSAGES.noSuchVisit });

  const surveyors = await db.many<{
    user_id: number;
    name: string;
    home_state: string | null;
    is_gp: boolean;
    load: number;
    conflict_reason: string | null;
    visitor_status: string | null;
    decline_reason: string | null;
    is_lead: boolean;
    active: boolean;
  }>(sql`
    select u.id as user_id,
           coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text) as name,
           sp.home_state, coalesce(sp.is_gp, false) as is_gp,
           (select count(*)::integer from public.survey_visitors lv
              join public.survey_visits l on l.id = lv.survey_visit_id
             where lv.user_id = u.id and lv.status = 'ACCEPTED' and not l.archived
               and (l.date is null or l.date >= public.portal_today())) as load,
           public.surveyor_conflict_reason(u.id, ${visit.practice_id}) as conflict_reason,
           sv.status as visitor_status, sv.decline_reason, coalesce(sv.is_lead, false) as is_lead,
           (u.is_surveyor and u.is_active and coalesce(sp.active, true)) as active
      from public.users u
      left join public.surveyor_profiles sp on sp.user_id = u.id
      left join public.survey_visitors sv on sv.survey_visit_id = ${visit.id} and sv.user_id = u.id
     where (u.is_surveyor and u.is_active and coalesce(sp.active, true)) or sv.id is not null
     order by sv.id is null, 2, 1`);

  const days = await db.many<{ user_id: number; day: string; available: boolean; reason: string | null }>(sql`
    select pd.user_id, pd.day::text as day, pd.available, pd.reason
      from public.preferred_days pd
      join public.survey_visitors sv on sv.survey_visit_id = pd.survey_visit_id and sv.user_id = pd.user_id
     where pd.survey_visit_id = ${visit.id} and sv.status <> 'DECLINED'
     order by pd.day, pd.user_id`);

  // The period the surveyors are asked about, as their preferred days page has it.
  const period = visit.due ? preferredDaysPeriod(visit.due, visit.today) : null;
  return {
    id: visit.id,
    accreditationId: visit.accreditation_id,
    practiceId: visit.practice_id,
    practiceName: visit.practice_name,
    suburb: visit.suburb,
    state: visit.state,
    type: visit.type,
    status: visit.status,
    reason: visit.reason,
    due: visit.due,
    date: visit.date,
    startTime: visit.start_time,
    endTime: visit.end_time,
    confirmationFormStatus: visit.confirmation_form_status,
    preferredDaysRequestedAt: visit.date_preferred_days_notif_sent?.toISOString() ?? null,
    expiryDate: visit.expiry_date,
    periodFrom: period?.from ?? null,
    periodTo: period?.to ?? null,
    needsGpSurveyor: teamNeedsGpSurveyor(
      visit.type,
      surveyors.map((s) => ({ visitorStatus: s.visitor_status, isGp: s.is_gp })),
    ),
    surveyors: surveyors.map((s) => ({
      userId: s.user_id,
      name: s.name,
      homeState: s.home_state,
      isGp: s.is_gp,
      load: s.load,
      conflictReason: s.conflict_reason,
      visitorStatus: s.visitor_status,
      declineReason: s.decline_reason,
      isLead: s.is_lead,
      active: s.active,
    })),
    days: days.map((d) => ({ userId: d.user_id, day: d.day, available: d.available, reason: d.reason })),
  };
}
