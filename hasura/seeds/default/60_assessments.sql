-- Assessments: one self assessment (PRESURVEY) per cycle that has started, and survey visit
-- assessments in each status the screens show. Responses cover EVERY indicator of the survey
-- version for the survey assessments; they are generated from the standards with a short list of
-- exceptions, so checklist ticks always agree with compliance:
--   MET            every must-have item ticked (some optional items left unticked),
--   NOT_MET        the indicator's first must-have item unticked, statement and risk filled in,
--   NOT_APPLICABLE nothing ticked.
-- Response ids are assessment_id * 1000 + indicator_id.

insert into public.assessments
  (id, accreditation_id, survey_visit_id, type, status, due_date, action_plan_due, last_updated_by_id, created_at, updated_at)
overriding system value values
  (1, 1, null, 'PRESURVEY', 'IN_PROGRESS', public.portal_today() + 45, null, 7, now() - interval '55 days', now() - interval '2 days'),
  (2, 2, null, 'PRESURVEY', 'UNDER_REVIEW', public.portal_today() - 40, null, 6, now() - interval '210 days', now() - interval '30 days'),
  (3, 3, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 1050, null, 2, now() - interval '1090 days', now() - interval '1040 days'),
  (4, 4, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 1090, null, 2, now() - interval '1140 days', now() - interval '1080 days'),
  (5, 5, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 90, null, 2, now() - interval '175 days', now() - interval '85 days'),
  (6, 6, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 110, null, 2, now() - interval '195 days', now() - interval '100 days'),
  (7, 7, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 150, null, 2, now() - interval '235 days', now() - interval '140 days'),
  (8, 8, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 160, null, 2, now() - interval '245 days', now() - interval '150 days'),
  (10, 10, null, 'PRESURVEY', 'COMPLETED', public.portal_today() - 1160, null, 2, now() - interval '1195 days', now() - interval '1150 days'),
  (11, 5, 3, 'SURVEY_VISIT', 'UNDER_REVIEW', public.portal_today() - 10, null, 3, now() - interval '20 days', now() - interval '9 days'),
  (12, 6, 4, 'SURVEY_VISIT', 'ACTION_REQUIRED', public.portal_today() - 40, public.portal_today() + 20, 2, now() - interval '45 days', now() - interval '10 days'),
  (13, 7, 5, 'SURVEY_VISIT', 'APPROVED', public.portal_today() - 60, public.portal_today() - 20, 2, now() - interval '65 days', now() - interval '5 days'),
  (14, 8, 6, 'SURVEY_VISIT', 'CERTIFIED', public.portal_today() - 75, public.portal_today() - 45, 1, now() - interval '80 days', now() - interval '30 days')
on conflict do nothing;

-- Exceptions to "MET" in the survey assessments (and N/A in self assessments).
create temporary table demo_response_exceptions (
  assessment_id integer, code text, compliance text, statement text, nc_type text, risk_type text,
  likelihood text, impact text, nc_status text, closed_days_ago integer, refer_to_ca boolean, author integer
) on commit drop;
insert into demo_response_exceptions values
  -- 11 Wattle Grove, under review: three open non-conformities and one N/A.
  (11, 'C3.3A', 'NOT_MET', 'CPR training for two of the five GPs lapsed more than three months ago and no booking was shown.',
   'Training', 'Clinical', 'HIGH', 'MODERATE', 'OPEN', null, false, 3),
  (11, 'CS2.1A', 'NOT_MET', 'The vaccine refrigerator log has gaps of up to four days in the last two months.',
   'Process', 'Patient safety', 'MODERATE', 'HIGH', 'OPEN', null, false, 4),
  (11, 'QI3.2A', 'NOT_MET', 'No clinical risk register was available; risks are discussed informally at meetings.',
   'Documentation', 'Organisational', 'LOW', 'MODERATE', 'OPEN', null, false, 3),
  (11, 'GP1.1B', 'NOT_APPLICABLE', null, null, null, null, null, 'OPEN', null, false, 3),
  -- 12 Red Centre, action required: two open (one critical), two closed.
  (12, 'CS2.1A', 'NOT_MET', 'Vaccines were stored in a domestic refrigerator without a data logger; a breach in the past month was not reported.',
   'Equipment', 'Patient safety', 'HIGH', 'HIGH', 'OPEN', null, false, 5),
  (12, 'C2.2A', 'NOT_MET', 'Patient lists with names and phone numbers were visible at reception from the waiting area.',
   'Process', 'Privacy', 'MODERATE', 'MODERATE', 'OPEN', null, false, 5),
  (12, 'C3.5A', 'NOT_MET', 'Two staff shared one login to the clinical software.',
   'Process', 'Information security', 'LOW', 'HIGH', 'CLOSED', 12, false, 3),
  (12, 'CS4.1A', 'NOT_MET', 'The oxygen cylinder was below a quarter full and the check sheet was last signed four months ago.',
   'Equipment', 'Clinical', 'MODERATE', 'HIGH', 'CLOSED', 18, false, 3),
  -- 13 Derwent Valley, approved: two non-conformities, both closed.
  (13, 'C3.4A', 'NOT_MET', 'The business continuity plan did not cover a prolonged power outage.',
   'Documentation', 'Organisational', 'LOW', 'LOW', 'CLOSED', 25, false, 4),
  (13, 'CS3.1A', 'NOT_MET', 'Sterilisation records could not be linked to the patients for two procedures.',
   'Documentation', 'Clinical', 'MODERATE', 'LOW', 'CLOSED', 22, false, 4),
  -- 14 Capital Hill, certified: one closed non-conformity.
  (14, 'QI2.1A', 'NOT_MET', 'Allergy status was recorded for fewer than half of the active patients sampled.',
   'Documentation', 'Clinical', 'MODERATE', 'MODERATE', 'CLOSED', 50, false, 3),
  -- Self assessments: not applicable where the practice does not do home visits.
  (2, 'GP1.1B', 'NOT_APPLICABLE', null, null, null, null, null, 'OPEN', null, false, 6),
  (6, 'GP2.1A', 'NOT_APPLICABLE', null, null, null, null, null, 'OPEN', null, false, 6);

-- Survey visit assessments: one response per indicator of the cycle's survey version.
insert into public.indicator_responses
  (id, assessment_id, indicator_id, compliance, is_marked_complete, further_action_required, reviewed,
   non_conformity_status, refer_to_ca, date_closed, non_compliance_statement, non_compliance_type, risk_type,
   risk_likelihood, risk_impact, risk_rating, observation, nc_status_created_by_id, last_updated_by_id, checklists,
   created_at, updated_at)
overriding system value
select a.id * 1000 + i.id, a.id, i.id,
  coalesce(x.compliance, 'MET'),
  false,
  false,
  a.status <> 'UNDER_REVIEW',
  coalesce(x.nc_status, 'OPEN'),
  coalesce(x.refer_to_ca, false),
  public.portal_today() - x.closed_days_ago,
  x.statement, x.nc_type, x.risk_type, x.likelihood, x.impact,
  public.risk_rating_for(x.likelihood, x.impact),
  case when i.sort_order = 20 and x.code is null
       then 'Consider sharing the outcome of this work with patients in the newsletter.' end,
  case when x.statement is not null then x.author end,
  coalesce(x.author, lead.user_id),
  (select jsonb_object_agg(c.question_number::text, (
            select jsonb_object_agg(ci.item_number::text,
              case coalesce(x.compliance, 'MET')
                when 'MET' then ci.must_have or ci.id % 3 <> 0
                when 'NOT_MET' then ci.id <> first_must.id and (ci.must_have or ci.id % 3 <> 0)
                else false end)
              from public.checklist_items ci where ci.checklist_id = c.id))
     from public.checklists c where c.indicator_id = i.id),
  a.created_at, a.updated_at
from public.assessments a
join public.accreditations acc on acc.id = a.accreditation_id
join public.indicator_sets s on s.survey_version_id = acc.survey_version_id and s.type = 'STANDARDS'
join public.indicators i on i.indicator_set_id = s.id
join public.survey_visitors lead on lead.survey_visit_id = a.survey_visit_id and lead.is_lead
cross join lateral (
  select min(ci.id) as id from public.checklist_items ci join public.checklists c on c.id = ci.checklist_id
   where c.indicator_id = i.id and ci.must_have) first_must
left join demo_response_exceptions x on x.assessment_id = a.id and x.code = i.code
where a.id in (11, 12, 13, 14)
on conflict do nothing;

-- Submitted self assessments: every indicator marked complete with all items ticked (or N/A);
-- the provider reviewed the completed ones and flagged a few for further action. Riverbend's is
-- under review: the QAM has reviewed its first standards and flagged one for further action.
insert into public.indicator_responses
  (id, assessment_id, indicator_id, compliance, is_marked_complete, further_action_required, reviewed,
   last_updated_by_id, checklists, created_at, updated_at)
overriding system value
select a.id * 1000 + i.id, a.id, i.id,
  x.compliance,
  x.compliance is null,
  x.compliance is null and i.id % 17 = 5 and (a.status = 'COMPLETED' or i.id <= 12),
  a.status = 'COMPLETED' or i.id <= 12,
  pm.user_id,
  case when x.compliance is null then
    (select jsonb_object_agg(c.question_number::text,
              (select jsonb_object_agg(ci.item_number::text, true) from public.checklist_items ci where ci.checklist_id = c.id))
       from public.checklists c where c.indicator_id = i.id)
  else '{}'::jsonb end,
  a.created_at, a.updated_at
from public.assessments a
join public.accreditations acc on acc.id = a.accreditation_id
join public.indicator_sets s on s.survey_version_id = acc.survey_version_id and s.type = 'STANDARDS'
join public.indicators i on i.indicator_set_id = s.id
cross join lateral (
  select min(pu.user_id) as user_id from public.practice_users pu
   where pu.practice_id = acc.practice_id and pu.role = 'PM' and pu.active) pm
left join demo_response_exceptions x on x.assessment_id = a.id and x.code = i.code
where a.type = 'PRESURVEY' and a.status in ('COMPLETED', 'UNDER_REVIEW')
on conflict do nothing;

-- Harbourside's self assessment in progress: the first 18 indicators complete, the next six
-- started (some items ticked), the rest untouched (no response yet); a few notes on
-- opportunities for improvement, and one indicator not applicable (the practice is too small to
-- hold clinical data on groups of patients).
insert into public.indicator_responses
  (id, assessment_id, indicator_id, compliance, is_marked_complete, last_updated_by_id, checklists, created_at, updated_at)
overriding system value
select 1000 + i.id, 1, i.id, null, i.id <= 18, 7,
  (select jsonb_object_agg(c.question_number::text,
            (select jsonb_object_agg(ci.item_number::text, i.id <= 18 or ci.item_number = 1)
               from public.checklist_items ci where ci.checklist_id = c.id))
     from public.checklists c where c.indicator_id = i.id),
  now() - interval '50 days' + i.id * interval '1 day', now() - interval '50 days' + i.id * interval '1 day'
from public.indicators i
join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1 and s.type = 'STANDARDS'
where i.id <= 24
on conflict do nothing;

update public.indicator_responses r set observation = v.observation
  from (values
    ('C1.1A', 'Add the after-hours arrangements to the practice website as well as the leaflet.'),
    ('C1.4A', 'Repeat the patient survey every year and compare the results.'),
    ('C2.1A', 'Consider a second staff member trained to update the practice information sheet.')
  ) as v(code, observation), public.indicators i, public.indicator_sets s
 where r.assessment_id = 1 and r.indicator_id = i.id and i.code = v.code
   and s.id = i.indicator_set_id and s.survey_version_id = 1 and r.observation is null;
insert into public.indicator_responses (id, assessment_id, indicator_id, compliance, is_marked_complete, last_updated_by_id, created_at, updated_at)
overriding system value
select 1000 + i.id, 1, i.id, 'NOT_APPLICABLE', false, 7, now() - interval '3 days', now() - interval '3 days'
  from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1
 where i.code = 'QI2.2A'
on conflict do nothing;

-- Submissions: surveyors of the finished visits; practice managers for completed self assessments.
insert into public.assessment_submissions (id, assessment_id, user_id, submitted_at) overriding system value values
  (1, 11, 3, now() - interval '10 days'),
  (2, 11, 4, now() - interval '9 days'),
  (3, 12, 5, now() - interval '36 days'),
  (4, 12, 3, now() - interval '35 days'),
  (5, 13, 4, now() - interval '57 days'),
  (6, 13, 5, now() - interval '56 days'),
  (7, 14, 3, now() - interval '72 days'),
  (8, 14, 5, now() - interval '71 days'),
  (9, 2, 6, now() - interval '30 days'),
  (10, 5, 6, now() - interval '95 days'),
  (11, 6, 6, now() - interval '115 days'),
  (12, 7, 9, now() - interval '155 days'),
  (13, 8, 6, now() - interval '165 days')
on conflict do nothing;

insert into public.confidentiality_signs (id, assessment_id, user_id, agreement_version, signed_at) overriding system value values
  (1, 11, 3, '1', now() - interval '13 days'),
  (2, 11, 4, '1', now() - interval '13 days'),
  (3, 12, 5, '1', now() - interval '41 days'),
  (4, 12, 3, '1', now() - interval '41 days'),
  (5, 13, 4, '1', now() - interval '61 days'),
  (6, 13, 5, '1', now() - interval '61 days'),
  (7, 14, 3, '1', now() - interval '76 days'),
  (8, 14, 5, '1', now() - interval '76 days')
on conflict do nothing;

-- Surveyor summaries (one per surveyor per visit); the first is long enough for "Read more".
insert into public.general_comments (id, assessment_id, user_id, text, created_at, updated_at) overriding system value values
  (1, 11, 3, 'Wattle Grove is a well-run practice with a stable team and a strong culture of continuity of care. '
     'Reception staff were welcoming and handled a busy morning calmly, triaging two urgent calls to the duty doctor without delay. '
     'Clinical records were generally of a high standard, with allergies and smoking status recorded for almost every patient sampled. '
     'The team has completed a useful improvement project on diabetes recalls and can show the results over two years. '
     'Three areas need attention before accreditation can be granted: CPR currency for two GPs, gaps in the vaccine refrigerator log, '
     'and the absence of a written clinical risk register. The practice manager accepted these findings and has started on each.',
   now() - interval '11 days', now() - interval '10 days'),
  (2, 11, 4, 'Agree with the lead surveyor. Infection control and sterilisation processes were exemplary.',
   now() - interval '10 days', now() - interval '9 days'),
  (3, 12, 5, 'A community-controlled clinic serving a large remote population with a committed team. '
     'The cold chain and privacy at reception must be fixed promptly; the practice has already ordered a purpose-built vaccine refrigerator.',
   now() - interval '37 days', now() - interval '36 days'),
  (4, 12, 3, 'Emergency equipment issues were resolved on the day; logins were separated within a week.',
   now() - interval '36 days', now() - interval '35 days'),
  (5, 13, 4, 'Small rural practice with excellent patient feedback. Two documentation gaps were closed quickly.',
   now() - interval '58 days', now() - interval '57 days'),
  (6, 13, 5, 'Facilities are modest but clean and accessible.', now() - interval '57 days', now() - interval '56 days'),
  (7, 14, 3, 'A large, mature practice. Record quality improved after the visit; allergy recording now exceeds 90 per cent.',
   now() - interval '73 days', now() - interval '72 days'),
  (8, 14, 5, 'No further issues.', now() - interval '72 days', now() - interval '71 days')
on conflict do nothing;

-- Action plans for the non-conformities of the action-required and later assessments.
insert into public.action_plan_activities
  (id, indicator_response_id, description, responsible, due_date, status, closed_at, closed_by_id, created_by_id, created_at)
overriding system value
select v.id, r.id, v.description, v.responsible, public.portal_today() + v.due_in, v.status,
  case when v.status = 'CLOSED' then now() - v.closed_ago * interval '1 day' end,
  case when v.status = 'CLOSED' then 2 end, 6, now() - interval '30 days'
from (values
  (1, 12, 'CS2.1A', 'Buy a purpose-built vaccine refrigerator with a data logger and train two staff in cold chain management.', 'Practice manager', 20, 'OPEN', null::int),
  (2, 12, 'CS2.1A', 'Report the breach to the public health unit and recall affected patients.', 'Lead GP', 5, 'OPEN', null),
  (3, 12, 'C2.2A', 'Move the appointment screen and printed lists out of view of the waiting room.', 'Practice manager', 14, 'OPEN', null),
  (4, 12, 'C3.5A', 'Create individual logins for every staff member and disable the shared account.', 'IT contractor', -20, 'CLOSED', 12),
  (5, 12, 'CS4.1A', 'Replace the oxygen cylinder and add the emergency kit to the monthly checklist.', 'Nurse unit manager', -25, 'CLOSED', 18),
  (6, 13, 'C3.4A', 'Add a prolonged power outage scenario to the business continuity plan.', 'Practice manager', -30, 'CLOSED', 25),
  (7, 13, 'CS3.1A', 'Record instrument batch numbers in the patient record for every procedure.', 'Practice nurse', -28, 'CLOSED', 22),
  (8, 14, 'QI2.1A', 'Run a data clean-up of allergy status and re-audit after three months.', 'Principal GP', -60, 'CLOSED', 50)
) as v(id, assessment_id, code, description, responsible, due_in, status, closed_ago)
join public.indicators i on i.code = v.code
join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = 1
join public.indicator_responses r on r.assessment_id = v.assessment_id and r.indicator_id = i.id
on conflict do nothing;

-- Comments on indicator responses by practice managers, surveyors and the provider.
insert into public.comments
  (id, practice_id, indicator_response_id, comment, practice_relationship, created_by_id, created_at, updated_at)
overriding system value
select v.id, acc.practice_id, r.id, v.comment, v.relationship, v.author,
  now() - v.ago * interval '1 hour', now() - v.ago * interval '1 hour'
from (values
  (1, 1, 'C1.1A', 'Our new patient leaflet is uploaded to the General folder.', 'PRACTICE', 7, 300),
  (2, 1, 'C1.4A', 'We ran a patient survey in March; results attached.', 'PRACTICE', 7, 200),
  (3, 1, 'C3.3A', 'Waiting for two GPs to send updated CPR certificates.', 'PRACTICE', 7, 50),
  (4, 1, 'C1.4A', 'Please include the response rate of the survey as well.', 'PROVIDER', 2, 30),
  (5, 11, 'C3.3A', 'Both GPs are booked into a CPR course next month; certificates to follow.', 'PRACTICE', 6, 100),
  (6, 11, 'C3.3A', 'Thanks. Please upload the booking confirmations to this indicator.', 'SURVEYOR', 3, 90),
  (7, 11, 'CS2.1A', 'We have started twice-daily temperature checks with a new log sheet.', 'PRACTICE', 6, 80),
  (8, 11, 'QI3.2A', 'A risk register template is in the resources for this indicator.', 'SURVEYOR', 4, 70),
  (9, 12, 'CS2.1A', 'New vaccine refrigerator arrives next week.', 'PRACTICE', 6, 240),
  (10, 12, 'CS2.1A', 'Noted. Please send the first week of data logger readings once installed.', 'SURVEYOR', 5, 200),
  (11, 12, 'C2.2A', 'Screen moved; photo uploaded.', 'PRACTICE', 6, 60),
  (12, 12, 'C3.5A', 'Closed: individual logins confirmed.', 'PROVIDER', 2, 290),
  (13, 13, 'C3.4A', 'Updated plan uploaded to Policies.', 'PRACTICE', 9, 700),
  (14, 14, 'QI2.1A', 'Re-audit shows 93 per cent allergy recording.', 'PRACTICE', 6, 1500),
  (15, 14, 'QI2.1A', 'Great result, thank you.', 'SURVEYOR', 3, 1490)
) as v(id, assessment_id, code, comment, relationship, author, ago)
join public.assessments a on a.id = v.assessment_id
join public.accreditations acc on acc.id = a.accreditation_id
join public.indicators i on i.code = v.code
join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = acc.survey_version_id
join public.indicator_responses r on r.assessment_id = a.id and r.indicator_id = i.id
on conflict do nothing;

insert into public.review_history (id, assessment_id, sent_by_id, sent_to, sent_at) overriding system value values
  (1, 12, 2, 'pm@demo.test', now() - interval '9 days'),
  (2, 13, 2, 'pm.tas@demo.test', now() - interval '15 days')
on conflict do nothing;

-- Survey visit assessments still being surveyed (docs/decisions/assessments.md).
-- 15 Capital Hill, relocation visit today, IN_PROGRESS: surveyor (lead) has signed the
--    confidentiality agreement, rated the first eight indicators (one not met, Major) and drafted
--    a summary; surveyor2 has not signed yet (they see the agreement first). The ticks of every
--    other indicator were copied from Capital Hill's certified survey (14), as Add assessment does.
-- 16 Bayview, surveillance visit six days ago, PARTIALLY_SUBMITTED: surveyor rated what the visit
--    looked at (five indicators; the others untouched, which a surveillance allows), wrote the
--    summary and submitted with their times and hours; surveyor3 has signed but not submitted.
insert into public.assessments
  (id, accreditation_id, survey_visit_id, type, status, due_date, copied_from_assessment_id, last_updated_by_id,
   created_at, updated_at)
overriding system value values
  (15, 8, 60, 'SURVEY_VISIT', 'IN_PROGRESS', public.portal_today(), 14, 3, now() - interval '3 days', now() - interval '1 hour'),
  (16, 4, 61, 'SURVEY_VISIT', 'PARTIALLY_SUBMITTED', public.portal_today() - 6, null, 3, now() - interval '10 days',
   now() - interval '5 days')
on conflict do nothing;

insert into public.indicator_responses
  (id, assessment_id, indicator_id, compliance, non_compliance_statement, non_compliance_type, risk_type,
   risk_likelihood, risk_impact, risk_rating, observation, nc_status_created_by_id, last_updated_by_id, checklists,
   created_at, updated_at)
overriding system value
select a.id * 1000 + i.id, a.id, i.id,
  case when n.rank <= rated.last - 1 then 'MET' when n.rank = rated.last then 'NOT_MET' end,
  case when n.rank = rated.last then rated.statement end,
  case when n.rank = rated.last then rated.nc_type end,
  case when n.rank = rated.last then rated.risk_type end,
  case when n.rank = rated.last then rated.likelihood end,
  case when n.rank = rated.last then rated.impact end,
  case when n.rank = rated.last then public.risk_rating_for(rated.likelihood, rated.impact) end,
  case when n.rank = 2 then rated.observation end,
  case when n.rank = rated.last then 3 end,
  case when n.rank <= rated.last then 3 end,
  case
    when n.rank <= rated.last then
      (select jsonb_object_agg(c.question_number::text, (
                select jsonb_object_agg(ci.item_number::text,
                  (ci.must_have or ci.id % 3 <> 0) and not (n.rank = rated.last and ci.id is not distinct from first_must.id))
                  from public.checklist_items ci where ci.checklist_id = c.id))
         from public.checklists c where c.indicator_id = i.id)
    when a.id = 15 then coalesce((select r.checklists from public.indicator_responses r
                                   where r.assessment_id = 14 and r.indicator_id = i.id), '{}'::jsonb)
    else '{}'::jsonb
  end,
  a.created_at, a.updated_at
from public.assessments a
join public.accreditations acc on acc.id = a.accreditation_id
join (values
  (15, 8, 'The new treatment room has no hand basin; staff walk to the next room to wash their hands between patients.',
   'Facilities', 'Infection control', 'HIGH', 'MODERATE',
   'The new waiting room is bright and calm; consider a second wheelchair space.'),
  (16, 5, 'Two of the six staff sampled have not completed the annual privacy refresher.',
   'Training', 'Privacy', 'LOW', 'MODERATE', 'The new recall process is working well; share it with the network.')
) as rated(assessment_id, last, statement, nc_type, risk_type, likelihood, impact, observation)
  on rated.assessment_id = a.id
cross join lateral (
  select i.id, row_number() over (order by s.sort_order, s.id, i.sort_order, i.id) as rank
    from public.indicators i
    join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = acc.survey_version_id and s.type = 'STANDARDS') n
join public.indicators i on i.id = n.id
cross join lateral (
  select min(ci.id) as id from public.checklist_items ci join public.checklists c on c.id = ci.checklist_id
   where c.indicator_id = i.id and ci.must_have) first_must
where a.id in (15, 16)
on conflict do nothing;

insert into public.confidentiality_signs (id, assessment_id, user_id, agreement_version, signed_at) overriding system value values
  (9, 15, 3, '2', now() - interval '5 hours'),
  (10, 16, 3, '2', now() - interval '6 days'),
  (11, 16, 5, '2', now() - interval '6 days')
on conflict do nothing;

insert into public.assessment_submissions (id, assessment_id, user_id, submitted_at) overriding system value values
  (14, 16, 3, now() - interval '5 days')
on conflict do nothing;

insert into public.general_comments (id, assessment_id, user_id, text, created_at, updated_at) overriding system value values
  (9, 15, 3, 'Draft: the move has gone well so far. Still to see the new treatment rooms and the cold chain.',
   now() - interval '2 hours', now() - interval '1 hour'),
  (10, 16, 3, 'A settled practice since the last survey. The privacy refresher is the one gap; the recall process is a strength.',
   now() - interval '5 days', now() - interval '5 days')
on conflict do nothing;

select setval(pg_get_serial_sequence('public.assessments', 'id'), (select max(id) from public.assessments));
select setval(pg_get_serial_sequence('public.indicator_responses', 'id'), (select max(id) from public.indicator_responses));
select setval(pg_get_serial_sequence('public.assessment_submissions', 'id'), (select max(id) from public.assessment_submissions));
select setval(pg_get_serial_sequence('public.confidentiality_signs', 'id'), (select max(id) from public.confidentiality_signs));
select setval(pg_get_serial_sequence('public.general_comments', 'id'), (select max(id) from public.general_comments));
select setval(pg_get_serial_sequence('public.action_plan_activities', 'id'), (select max(id) from public.action_plan_activities));
select setval(pg_get_serial_sequence('public.comments', 'id'), (select max(id) from public.comments));
select setval(pg_get_serial_sequence('public.review_history', 'id'), (select max(id) from public.review_history));
