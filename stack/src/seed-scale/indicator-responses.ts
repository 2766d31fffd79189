import type { ScaleContext } from './context.ts';

/** Non-conformity statements surveyors write against not-met indicators. */
const NC_STATEMENTS = [
  'Vaccine refrigerator temperatures were not recorded twice daily.',
  'Several clinicians had no evidence of current CPR training.',
  'The complaints process did not tell patients about the external complaints body.',
  'Test results were not consistently signed off by a clinician.',
  'The emergency equipment checklist had not been completed for three months.',
  'Staff shared a login to the clinical software.',
  'No written business continuity plan was available.',
  'Sterilisation records could not be traced to patients.',
];

/** Ratings with checklist ticks for survey visits, completion for self assessments: `indicator_responses`. */
export async function insertIndicatorResponses({
  sql,
  n,
  base,
  users,
  versionId,
}: ScaleContext): Promise<void> {
  // Checklist ticks per indicator for MET (all must-haves and most other items) and NOT_MET
  // (the first must-have unticked), computed once from the standards.
  await sql(
    `create temporary table scale_ticks on commit drop as
     select i.id as indicator_id, row_number() over (order by s.sort_order, i.sort_order, i.id) as pos,
       (select jsonb_object_agg(c.question_number::text, (select jsonb_object_agg(ci.item_number::text, ci.must_have or ci.id % 3 <> 0)
                 from public.checklist_items ci where ci.checklist_id = c.id)) from public.checklists c where c.indicator_id = i.id) as met,
       (select jsonb_object_agg(c.question_number::text, (select jsonb_object_agg(ci.item_number::text,
                 ci.id <> fm.id and (ci.must_have or ci.id % 3 <> 0))
                 from public.checklist_items ci where ci.checklist_id = c.id)) from public.checklists c where c.indicator_id = i.id) as not_met,
       (select jsonb_object_agg(c.question_number::text, (select jsonb_object_agg(ci.item_number::text, true)
                 from public.checklist_items ci where ci.checklist_id = c.id)) from public.checklists c where c.indicator_id = i.id) as all_ticked
     from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = $1 and s.type = 'STANDARDS'
     cross join lateral (select min(ci.id) as id from public.checklist_items ci join public.checklists c on c.id = ci.checklist_id
                          where c.indicator_id = i.id and ci.must_have) fm`,
    [versionId],
  );
  await sql(
    `insert into public.indicator_responses (id, assessment_id, indicator_id, compliance, is_marked_complete,
        further_action_required, reviewed, non_conformity_status, refer_to_ca, date_closed, non_compliance_statement,
        non_compliance_type, risk_type, risk_likelihood, risk_impact, risk_rating, observation, nc_status_created_by_id,
        last_updated_by_id, checklists, created_at, updated_at)
     overriding system value
     select $1::int + row_number() over (order by a.id, t.pos), a.id, t.indicator_id, c.compliance, false, false,
            a.status not in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW'),
            nc.status, false, case when nc.status = 'CLOSED' then a.created_at::date + 30 end,
            case when c.compliance = 'NOT_MET' then ($2::text[])[1 + (a.id + t.pos) % array_length($2::text[], 1)] end,
            case when c.compliance = 'NOT_MET' then (array['Documentation','Process','Equipment','Training'])[1 + (a.id + t.pos) % 4] end,
            case when c.compliance = 'NOT_MET' then (array['Clinical','Patient safety','Organisational','Privacy'])[1 + (a.id * 3 + t.pos) % 4] end,
            rk.likelihood, rk.impact, public.risk_rating_for(rk.likelihood, rk.impact),
            case when c.compliance = 'MET' and (a.id + t.pos) % 11 = 0 then 'Consider sharing this good practice with the network.' end,
            case when c.compliance = 'NOT_MET' then a.last_updated_by_id end, a.last_updated_by_id,
            case c.compliance when 'MET' then t.met when 'NOT_MET' then t.not_met else '{}'::jsonb end,
            a.created_at, a.updated_at
       from public.assessments a
       join scale_p p on a.id = $3::int + p.g
       cross join scale_ticks t
       cross join lateral (select (abs(hashint8(a.id::bigint * 1000 + t.pos)) % 1000) / 1000.0 as x) rnd
       cross join lateral (select case
              when a.status in ('IN_PROGRESS') and t.pos % 3 = 0 then null
              when rnd.x < 0.06 then 'NOT_MET' when rnd.x < 0.08 then 'NOT_APPLICABLE' else 'MET' end as compliance) c
       cross join lateral (select case when c.compliance = 'NOT_MET' then
              case when a.status in ('APPROVED', 'CERTIFIED') or (a.status = 'ACTION_REQUIRED' and t.pos % 2 = 0)
                   then 'CLOSED' else 'OPEN' end else 'OPEN' end as status) nc
       cross join lateral (select
              case when c.compliance = 'NOT_MET' then (array['LOW','MODERATE','HIGH'])[1 + (a.id + t.pos) % 3] end as likelihood,
              case when c.compliance = 'NOT_MET' then (array['LOW','MODERATE','HIGH','MODERATE'])[1 + (a.id * 7 + t.pos) % 4] end as impact) rk`,
    [base.response, NC_STATEMENTS, base.assessment + n],
  );
  // Completed self assessments: every indicator marked complete.
  await sql(
    `insert into public.indicator_responses (id, assessment_id, indicator_id, compliance, is_marked_complete,
        reviewed, last_updated_by_id, checklists, created_at, updated_at)
     overriding system value
     select m.m + row_number() over (order by p.g, t.pos), p.pres_id, t.indicator_id,
            case when (p.g + t.pos) % 29 = 0 then 'NOT_APPLICABLE' end, (p.g + t.pos) % 29 <> 0, true,
            ${users.pm} + 2 * p.g - 1,
            case when (p.g + t.pos) % 29 = 0 then '{}'::jsonb else t.all_ticked end,
            p.app_date + 5, p.app_date + 60
       from scale_p p cross join scale_ticks t
       cross join (select max(id) as m from public.indicator_responses) m
      where p.pres_status = 'COMPLETED'`,
  );
}
