-- Review, approval and action plans (docs/decisions/assessments.md): what the reviewers did on the
-- survey visit assessments of 60_assessments.sql, so every screen of the review has something real
-- to show. Re-runnable: fixed ids, on conflict do nothing, updates that set the same values.
--
-- 11 Wattle Grove, UNDER_REVIEW (qam@demo.test, admin@demo.test; pm@demo.test may not open it):
--    the QAM has reviewed the first two standards, flagged the vaccine refrigerator for further
--    action and entered the action plan of two of the three non-conformities (the risk register
--    has none yet, so 'Action required' is not possible yet). Approve lists its three open NCs.
-- 12 Red Centre, ACTION_REQUIRED (qam, admin; pm@demo.test works the action plan): every NOT_MET
--    has its action plan; the action plan is due 65 business days after the review; two NCs are
--    closed, the privacy one is referred to the CA, the vaccine one is still open, so Approve lists
--    CS2.1A until it is closed or referred. Activities are in 60_assessments.sql.
-- 13 Derwent Valley, APPROVED and 14 Capital Hill, CERTIFIED: their history of status changes,
--    the approval's counts and its repeat-assessment verdict (no).

-- Aspirational indicators of the current standards: rated like the others, but not counted by the
-- repeat-assessment rule (20 % of the mandatory indicators NOT_MET at the survey).
update public.indicators i set mandatory = false
  from public.indicator_sets s
 where s.id = i.indicator_set_id and s.survey_version_id = 1
   and i.code in ('C1.1B', 'C2.1B', 'C3.1B', 'C4.1B', 'GP1.1B') and i.mandatory;

-- The action plans the reviewers entered (one per NOT_MET indicator; Wattle Grove's risk register
-- still has none).
update public.indicator_responses r set action_plan = v.plan
  from (values
    (11, 'C3.3A', 'Book CPR training for the two GPs within 30 days and keep the certificates in the staff register.'),
    (11, 'CS2.1A', 'Log the vaccine refrigerator temperature twice a day, investigate every gap and report breaches.'),
    (12, 'CS2.1A', 'Replace the domestic refrigerator with a purpose-built one with a data logger; report the breach.'),
    (12, 'C2.2A', 'Keep patient lists and the appointment screen out of view of the waiting area.'),
    (12, 'C3.5A', 'Give every staff member their own login to the clinical software; disable shared accounts.'),
    (12, 'CS4.1A', 'Replace the oxygen cylinder and check the emergency kit monthly, signed on the check sheet.'),
    (13, 'C3.4A', 'Add a prolonged power outage to the business continuity plan and test it once a year.'),
    (13, 'CS3.1A', 'Record the instrument batch numbers in the patient record for every procedure.'),
    (14, 'QI2.1A', 'Record the allergy status of every active patient and re-audit after three months.')
  ) as v(assessment_id, code, plan), public.indicators i, public.indicator_sets s
 where r.assessment_id = v.assessment_id and r.indicator_id = i.id and i.code = v.code
   and s.id = i.indicator_set_id and s.survey_version_id = 1 and r.action_plan is null;

-- Wattle Grove under review: the first two standards reviewed; the refrigerator needs further action.
update public.indicator_responses r set reviewed = true
  from public.indicators i
 where r.assessment_id = 11 and r.indicator_id = i.id and not r.reviewed
   and i.indicator_set_id in (select s.id from public.indicator_sets s
                               where s.survey_version_id = 1 and s.type = 'STANDARDS'
                               order by s.sort_order, s.id limit 2);
update public.indicator_responses r set further_action_required = true
  from public.indicators i
 where r.assessment_id = 11 and r.indicator_id = i.id and i.code = 'CS2.1A' and not r.further_action_required;

-- Red Centre: the privacy non-conformity is referred to the CA; the plan is due 65 business days
-- (ACTION_PLAN_BUSINESS_DAYS) after the review asked for action.
update public.indicator_responses r set refer_to_ca = true
  from public.indicators i
 where r.assessment_id = 12 and r.indicator_id = i.id and i.code = 'C2.2A' and not r.refer_to_ca;
update public.assessments
   set action_plan_due = public.add_business_days((now() - interval '10 days')::date, 65)
 where id = 12;

-- Derwent Valley's approval: no repeat assessment (2 of its mandatory indicators not met).
update public.assessments set repeat_assessment_required = false where id in (13, 14);

-- How each survey reached its status, as the actions record it.
insert into public.assessment_status_changes
  (id, assessment_id, from_status, to_status, changed_by_id, changed_at, reason, detail)
overriding system value values
  (1, 11, 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 4, now() - interval '9 days', null, '{"action": "submit"}'),
  (2, 12, 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 3, now() - interval '35 days', null, '{"action": "submit"}'),
  (3, 12, 'UNDER_REVIEW', 'ACTION_REQUIRED', 2, now() - interval '10 days', null, '{"action": "actionRequired"}'),
  (4, 13, 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 5, now() - interval '56 days', null, '{"action": "submit"}'),
  (5, 13, 'UNDER_REVIEW', 'ACTION_REQUIRED', 2, now() - interval '45 days', null, '{"action": "actionRequired"}'),
  (6, 14, 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 5, now() - interval '71 days', null, '{"action": "submit"}'),
  (8, 14, 'APPROVED', 'CERTIFIED', 1, now() - interval '30 days', null, '{"action": "certify"}')
on conflict do nothing;

-- Approvals record the counts of the repeat-assessment rule, computed as the action does.
insert into public.assessment_status_changes
  (id, assessment_id, from_status, to_status, changed_by_id, changed_at, reason, detail)
overriding system value
select v.id, a.id, v.from_status, 'APPROVED', 2, v.changed_at, null,
  jsonb_build_object(
    'visitType', 'ACCREDITATION',
    'mandatoryCount', count(*) filter (where i.mandatory),
    'mandatoryNotMet', count(*) filter (where i.mandatory and r.compliance = 'NOT_MET'),
    'percent', floor(100.0 * count(*) filter (where i.mandatory and r.compliance = 'NOT_MET')
                     / nullif(count(*) filter (where i.mandatory), 0)),
    'repeatAssessmentRequired', false)
from (values
  (7, 14, 'UNDER_REVIEW', now() - interval '45 days'),
  (9, 13, 'ACTION_REQUIRED', now() - interval '5 days')
) as v(id, assessment_id, from_status, changed_at)
join public.assessments a on a.id = v.assessment_id
join public.accreditations acc on acc.id = a.accreditation_id
join public.indicator_sets s on s.survey_version_id = acc.survey_version_id and s.type = 'STANDARDS'
join public.indicators i on i.indicator_set_id = s.id
left join public.indicator_responses r on r.assessment_id = a.id and r.indicator_id = i.id
group by v.id, a.id, v.from_status, v.changed_at
on conflict do nothing;

select setval(pg_get_serial_sequence('public.assessment_status_changes', 'id'),
              (select max(id) from public.assessment_status_changes));
