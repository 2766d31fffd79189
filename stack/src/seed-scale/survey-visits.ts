import { SURVEYORS } from './constants.ts';
import type { ScaleContext } from './context.ts';

/** Survey visits and their visitors: `survey_visits`, `survey_visitors`. */
export async function insertSurveyVisits({ sql, base, users }: ScaleContext): Promise<void> {
  await sql(
    `insert into public.survey_visits (id, accreditation_id, type, status, date, due, start_time, end_time,
        confirmation_form_status, date_preferred_days_notif_sent, created_at, updated_at)
     overriding system value
     select p.visit_id, p.acc_id, case when p.g % 37 = 0 then 'SURVEILLANCE' else 'ACCREDITATION' end, p.visit_status,
            v.date, v.due, case when p.visit_status = 'FINAL' then time '08:30' end,
            case when p.visit_status = 'FINAL' then time '16:30' end,
            case when p.visit_status = 'FINAL' then 'RECEIVED' when p.visit_status = 'DRAFT' then 'SENT' else 'NOT_SENT' end,
            case when p.visit_status = 'PREFERRED_DAYS_REQ' then now() - (p.g % 20) * interval '1 day' end,
            p.app_date, p.app_date
       from scale_p p
       cross join lateral (select
         case when p.visit_status = 'FINAL' then
                case when p.astatus = 'CLOSED' then p.decision - 45 else public.portal_today() - 5 - p.g % 60 end end as date,
         case when p.visit_status = 'FINAL' then
                case when p.astatus = 'CLOSED' then p.decision - 45 else public.portal_today() - 5 - p.g % 60 end
              when p.visit_status = 'PREFERRED_DAYS_REQ' then public.portal_today() + 30 + p.g % 90
              else public.portal_today() + 20 + p.g % 200 end as due) v
      where p.visit_id is not null`,
  );
  await sql(
    `insert into public.survey_visitors (id, survey_visit_id, user_id, status, is_lead, actual_start_time,
        actual_end_time, hours_worked_before_visit, hours_worked_after_visit, hours_worked_confirmed, created_at)
     overriding system value
     select $1::int + row_number() over (order by p.g, v.lead desc), p.visit_id, ${users.surveyor} + 1 + v.su,
            case when v.lead or p.visit_status in ('FINAL', 'DRAFT') then 'ACCEPTED' else 'OFFERED' end, v.lead,
            case when p.visit_status = 'FINAL' then time '08:25' end, case when p.visit_status = 'FINAL' then time '16:40' end,
            case when p.visit_status = 'FINAL' then 2 + p.g % 3 end, case when p.visit_status = 'FINAL' then 1 + p.g % 3 end,
            p.visit_status = 'FINAL', p.app_date
       from scale_p p cross join lateral (
         select p.su_idx as su, true as lead union all
         select (p.su_idx + 1 + p.su_step) % ${SURVEYORS}, false where p.second_surveyor) v
      where p.visit_status in ('FINAL', 'PREFERRED_DAYS_REQ', 'DRAFT')`,
    [base.visitor],
  );
}
