import {
  accreditationEnd,
  isSurveyScheduledTooLate,
  OPEN_VISIT_STATUSES,
  scheduledSurveyDay,
  TO_PLAN,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requirePlanner } from './planning-access.ts';

/** At most this many rows in one answer (the filters narrow it). */
export const PLANNING_LIST_LIMIT = 500;

export interface TPlanningFilter {
  state?: string | null;
  qamId?: number | null;
  /** yyyy-MM: the month the survey is scheduled in (its date, else its due day, else the cycle's). */
  dueMonth?: string | null;
  /** A visit status, or TO_PLAN for cycles without a visit. */
  status?: string | null;
}

interface Row {
  accreditation_id: number;
  practice_id: number;
  practice_name: string;
  suburb: string | null;
  state: string | null;
  qam_id: number | null;
  qam_name: string | null;
  expiry_date: string | null;
  ext_date: string | null;
  survey_visit_due: string | null;
  visit_id: number | null;
  visit_type: string | null;
  visit_status: string | null;
  visit_reason: string | null;
  visit_due: string | null;
  visit_date: string | null;
  confirmation_form_status: string | null;
  offered: number;
  accepted: number;
  open_visit_types: string[];
}

/**
 * `surveyPlanning`: the survey visits to plan, from every open accreditation of an active
 * practice: one row per visit (a cycle may have several), and one "to plan" row for a cycle without
 * any visit yet; each row names the types of its cycle's open visits (a new visit takes another). Each row
 * says whether the survey is scheduled too late (`isSurveyScheduledTooLate`, the one rule).
 * Filtered by the practice's state, the cycle's QAM, the scheduled month and the status; soonest
 * first. Also answers the QAMs to filter by.
 */
export async function listSurveyPlanning(db: Db, caller: Caller, filter: TPlanningFilter) {
  requirePlanner(caller);
  const scheduled = sql`coalesce(v.date, v.due, a.survey_visit_due)`;
  const conditions = [sql`a.status = 'OPEN'`, sql`not a.archived`, sql`p.active_status = 'ACTIVE'`];
  if (filter.state) conditions.push(sql`ad.state = ${filter.state}`);
  if (filter.qamId) conditions.push(sql`a.qam_id = ${filter.qamId}`);
  if (filter.dueMonth) conditions.push(sql`to_char(${scheduled}, 'YYYY-MM') = ${filter.dueMonth}`);
  if (filter.status === TO_PLAN) conditions.push(sql`v.id is null`);
  else if (filter.status) conditions.push(sql`v.status = ${filter.status}`);

  const rows = await db.many<Row>(sql`
    select a.id as accreditation_id, p.organisation_id as practice_id, o.name as practice_name,
           ad.suburb, ad.state, a.qam_id,
           nullif(btrim(concat_ws(' ', q.first_name, q.last_name)), '') as qam_name,
           a.expiry_date::text as expiry_date, a.ext_date::text as ext_date,
           a.survey_visit_due::text as survey_visit_due,
           v.id as visit_id, v.type as visit_type, v.status as visit_status, v.reason_for_visit as visit_reason,
           v.due::text as visit_due, v.date::text as visit_date, v.confirmation_form_status,
           coalesce(t.offered, 0)::integer as offered, coalesce(t.accepted, 0)::integer as accepted,
           array(select distinct ov.type from public.survey_visits ov
                  where ov.accreditation_id = a.id and not ov.archived
                    and ov.status = any(${[...OPEN_VISIT_STATUSES]}::text[]) order by 1) as open_visit_types
      from public.accreditations a
      join public.practices p on p.organisation_id = a.practice_id
      join public.organisations o on o.id = p.organisation_id
      left join public.addresses ad on ad.id = o.physical_address_id
      left join public.users q on q.id = a.qam_id
      left join public.survey_visits v on v.accreditation_id = a.id and not v.archived
      left join lateral (
        select count(*) filter (where sv.status <> 'DECLINED') as offered,
               count(*) filter (where sv.status = 'ACCEPTED') as accepted
          from public.survey_visitors sv where sv.survey_visit_id = v.id) t on true
     where ${sql.join(conditions, sql` and `)}
     order by ${scheduled} nulls first, o.name, a.id, v.id
     limit ${PLANNING_LIST_LIMIT}`);

  const qams = await db.many<{ id: number; name: string }>(sql`
    select u.id, coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text) as name
      from public.users u where u.is_qam and u.is_active order by 2, 1`);

  return {
    rows: rows.map((row) => {
      const expiry = accreditationEnd({ expiryDate: row.expiry_date, extDate: row.ext_date });
      const day = scheduledSurveyDay({
        visitDate: row.visit_date,
        visitDue: row.visit_due,
        surveyVisitDue: row.survey_visit_due,
      });
      return {
        accreditationId: row.accreditation_id,
        practiceId: row.practice_id,
        practiceName: row.practice_name,
        suburb: row.suburb,
        state: row.state,
        qamId: row.qam_id,
        qamName: row.qam_name,
        expiryDate: expiry,
        surveyVisitDue: row.survey_visit_due,
        visitId: row.visit_id,
        visitType: row.visit_type,
        visitStatus: row.visit_status,
        visitReason: row.visit_reason,
        visitDue: row.visit_due,
        visitDate: row.visit_date,
        confirmationFormStatus: row.confirmation_form_status,
        offered: row.offered,
        accepted: row.accepted,
        scheduledTooLate: isSurveyScheduledTooLate({ scheduled: day, expiry }),
        openVisitTypes: row.open_visit_types,
      };
    }),
    qams,
    limited: rows.length === PLANNING_LIST_LIMIT,
  };
}
