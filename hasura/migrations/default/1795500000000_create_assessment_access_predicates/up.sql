-- Who may read and change an assessment's rows, written once for the database.
--
-- The rules are spec 001 §6's, decided in packages/domain/src/permissions (PERMISSION_FLAG_TABLE,
-- assessment-access.ts). This migration is their SQL twin, in the same two layers:
--
-- 1. Pure functions of their inputs (immutable): permission_flags() is the flag table, and one
--    function per domain predicate (can_change_assessment, can_change_assessment_inputs, ...) takes
--    the assessment's type and status, the flags and whether the user has submitted, exactly as
--    the TypeScript does. hasura/tests/permissions/predicates.test.ts compares every one with its
--    domain twin over every combination of inputs.
-- 2. access_to_assessment() looks up who the session's user is on the assessment's practice (PM, SU,
--    accepted visitor on its visit, back-office role, submitted), and the computed fields of
--    assessments (can_change, can_change_inputs, ...) apply layer 1 to it. The Hasura permission
--    rules of every assessment table use those computed fields, and the trigger
--    indicator_responses_guard calls them too, so a rule changes here and nowhere else in the
--    database. The consistency tests prove the GraphQL outcome against the domain.
--
-- The computed fields take the Hasura session (`session_argument: hasura_session`), are STABLE,
-- take the row first, and are granted to no role: they are usable in rules, not selectable.

create function public.permission_flags(
  is_pm boolean, is_su boolean, is_visitor boolean, back_office_role text
) returns jsonb language sql immutable as $$
  -- PERMISSION_FLAG_TABLE, row for row: grant(practice manager, surveyor, qam, provider admin).
  -- A surveyor holds changeSurveyInProgress only as a visitor on the visit in question.
  select jsonb_object_agg(grp, flags)
    from (
      select grp, jsonb_object_agg(flag,
               (is_pm and pm)
               or (is_su and su and (is_visitor or flag <> 'changeSurveyInProgress'))
               or (back_office_role is not distinct from 'qam' and qam)
               or (back_office_role is not distinct from 'provider_admin' and pa)) as flags
        from (values
          ('assessment', 'changeSelfAssessmentUnderReview', false, false, true, true),
          ('assessment', 'changeSelfAssessmentComplete', false, false, true, true),
          ('assessment', 'changeSurveyInProgress', false, true, true, true),
          ('assessment', 'changeSurveyUnderReview', false, false, true, true),
          ('assessment', 'viewSurveyUnderReview', false, true, true, true),
          ('assessment', 'changeActionPlan', false, true, true, true),
          ('assessment', 'changeOtherSurveyorSummary', false, false, true, true),
          ('assessment', 'certifySurvey', false, false, false, true),
          ('indicatorResponse', 'addActivityToSurveyActionPlan', true, true, true, true),
          ('practiceStaff', 'viewStaff', true, true, true, true),
          ('practiceStaff', 'changeStaff', true, false, true, true),
          ('practiceStaff', 'verifyStaff', false, true, true, true),
          ('practiceStaff', 'inviteStaff', true, false, true, true),
          ('practice', 'changePractice', true, false, true, true)
        ) as t(grp, flag, pm, su, qam, pa)
       group by grp) g
$$;
comment on function public.permission_flags(boolean, boolean, boolean, text) is
  'The flag table (domain PERMISSION_FLAG_TABLE): the flags of a user with these kinds of access, as {group: {flag: bool}}.';

create function public.flag(flags jsonb, name text) returns boolean language sql immutable as $$
  select coalesce((flags #>> string_to_array(name, '.'))::boolean, false)
$$;
comment on function public.flag(jsonb, text) is 'One flag of permission_flags(), by its domain name (assessment.certifySurvey).';

-- Layer 1: the predicates of assessment-access.ts, case for case.

create function public.can_change_assessment(a_type text, a_status text, flags jsonb)
returns boolean language sql immutable as $$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'practice.changePractice')
      when 'COMPLETED' then public.flag(flags, 'practice.changePractice')
      when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeSelfAssessmentUnderReview')
      else false end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress')
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress')
        or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
      when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeSurveyUnderReview')
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
      when 'APPROVED' then public.flag(flags, 'assessment.certifySurvey')
      when 'CERTIFIED' then public.flag(flags, 'practice.changePractice')
      else false end
  end
$$;
comment on function public.can_change_assessment(text, text, jsonb) is 'Domain canChangeAssessment.';

create function public.can_change_assessment_inputs(a_type text, a_status text, flags jsonb, has_submitted boolean)
returns boolean language sql immutable as $$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'COMPLETED' then public.flag(flags, 'assessment.changeSelfAssessmentComplete')
      else public.can_change_assessment(a_type, a_status, flags) end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
        and public.flag(flags, 'assessment.changeSurveyUnderReview')
      when 'CERTIFIED' then false
      else public.can_change_assessment(a_type, a_status, flags) end
  end
$$;
comment on function public.can_change_assessment_inputs(text, text, jsonb, boolean) is 'Domain canChangeAssessmentInputs.';

create function public.can_change_action_plan(a_type text, a_status text, flags jsonb)
returns boolean language sql immutable as $$
  select a_type = 'SURVEY_VISIT' and a_status = 'ACTION_REQUIRED' and public.flag(flags, 'assessment.changeActionPlan')
$$;
comment on function public.can_change_action_plan(text, text, jsonb) is 'Domain canChangeActionPlan.';

create function public.can_write_assessment_responses(a_type text, a_status text, flags jsonb, has_submitted boolean)
returns boolean language sql immutable as $$
  select public.can_change_assessment_inputs(a_type, a_status, flags, has_submitted)
      or public.can_change_action_plan(a_type, a_status, flags)
$$;
comment on function public.can_write_assessment_responses(text, text, jsonb, boolean) is
  'Domain canWriteAssessmentResponses: the inputs, or the non-conformity status while action is required.';

create function public.can_add_action_plan_activity(a_type text, a_status text, flags jsonb)
returns boolean language sql immutable as $$
  select a_type = 'SURVEY_VISIT' and a_status = 'ACTION_REQUIRED'
     and public.flag(flags, 'indicatorResponse.addActivityToSurveyActionPlan')
$$;
comment on function public.can_add_action_plan_activity(text, text, jsonb) is 'Domain canAddActionPlanActivity.';

create function public.can_edit_surveyor_summary(a_status text, flags jsonb, has_submitted boolean, is_author boolean)
returns boolean language sql immutable as $$
  select case a_status
    when 'IN_PROGRESS' then (is_author and public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted)
      or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'PARTIALLY_SUBMITTED' then (is_author and public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted)
      or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'ACTION_REQUIRED' then (is_author or public.flag(flags, 'assessment.changeOtherSurveyorSummary'))
      and public.flag(flags, 'assessment.changeActionPlan')
    else false
  end
$$;
comment on function public.can_edit_surveyor_summary(text, jsonb, boolean, boolean) is 'Domain canEditSurveyorSummary.';

create function public.is_assessment_locked(a_type text, a_status text, flags jsonb)
returns boolean language sql immutable as $$
  select case
    when a_type = 'PRESURVEY' then a_status = 'UNDER_REVIEW'
      and not public.flag(flags, 'assessment.changeSelfAssessmentUnderReview')
    when a_status = 'UNDER_REVIEW' then not public.flag(flags, 'assessment.viewSurveyUnderReview')
    when a_status in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED') then not public.flag(flags, 'assessment.changeSurveyInProgress')
    else false
  end
$$;
comment on function public.is_assessment_locked(text, text, jsonb) is 'Domain isAssessmentLocked.';

create function public.can_read_assessment_responses(a_type text, a_status text, flags jsonb)
returns boolean language sql immutable as $$
  select a_type = 'PRESURVEY' or not public.is_assessment_locked(a_type, a_status, flags)
$$;
comment on function public.can_read_assessment_responses(text, text, jsonb) is 'Domain canReadAssessmentResponses.';

-- Layer 2: who the session's user is on the assessment, and the computed fields.

create type public.assessment_access as (
  is_pm boolean,
  is_su boolean,
  is_visitor boolean,
  back_office_role text,
  has_submitted boolean
);
comment on type public.assessment_access is
  'Who a user is on an assessment: PM or SU of its practice, accepted visitor on its visit, back-office role, submitted.';

create function public.access_to_assessment(a public.assessments, hasura_session json)
returns public.assessment_access language sql stable as $$
  select public.has_practice_role(s.user_id, acc.practice_id, 'PM'),
         public.has_practice_role(s.user_id, acc.practice_id, 'SU'),
         exists (select 1 from public.survey_visits v
                   join public.survey_visitors sv on sv.survey_visit_id = v.id
                  where v.id = a.survey_visit_id and not v.archived
                    and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
         -- The request's role, as userPermissions reads it (the admin secret counts as a provider admin).
         case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                     when 'admin' then 'provider_admin' end,
         exists (select 1 from public.assessment_submissions sub
                  where sub.assessment_id = a.id and sub.user_id = s.user_id)
    from public.accreditations acc,
         lateral (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                         hasura_session ->> 'x-hasura-role' as role) s
   where acc.id = a.accreditation_id
$$;
comment on function public.access_to_assessment(public.assessments, json) is
  'Who the session''s user is on the assessment (see the type assessment_access).';

create function public.assessment_flags(x public.assessment_access) returns jsonb language sql immutable as $$
  select public.permission_flags(x.is_pm, x.is_su, x.is_visitor, x.back_office_role)
$$;
comment on function public.assessment_flags(public.assessment_access) is 'The flags of that access.';

create function public.assessment_can_change(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_change_assessment(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_change(public.assessments, json) is
  'Computed field can_change (rules only): comments may be written (canChangeAssessment).';

create function public.assessment_can_write_responses(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_write_assessment_responses(a.type, a.status, public.assessment_flags(x), x.has_submitted)
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_write_responses(public.assessments, json) is
  'Computed field can_write_responses (rules only): responses and locks may be written; indicator_responses_guard narrows ACTION_REQUIRED.';

create function public.assessment_can_change_action_plan(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_change_action_plan(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_change_action_plan(public.assessments, json) is
  'Computed field can_change_action_plan (rules only): non-conformities and activities may be opened or closed.';

create function public.assessment_can_add_action_plan_activity(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_add_action_plan_activity(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_add_action_plan_activity(public.assessments, json) is
  'Computed field can_add_action_plan_activity (rules only).';

create function public.assessment_can_write_own_summary(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select a.type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a.status, public.assessment_flags(x), x.has_submitted, true)
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_write_own_summary(public.assessments, json) is
  'Computed field can_write_own_summary (rules only): the user may write a surveyor summary of their own.';

create function public.assessment_can_read_responses(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select (x.is_pm or x.is_su or x.back_office_role is not null)
     and public.can_read_assessment_responses(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_read_responses(public.assessments, json) is
  'Computed field can_read_responses (rules only): responses, summaries, counts, locks and activities are readable.';

create function public.general_comment_can_edit(g public.general_comments, hasura_session json)
returns boolean language sql stable as $$
  select a.type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a.status, public.assessment_flags(x), x.has_submitted,
           g.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer)
    from public.assessments a, public.access_to_assessment(a, hasura_session) x
   where a.id = g.assessment_id
$$;
comment on function public.general_comment_can_edit(public.general_comments, json) is
  'Computed field can_edit (rules only): the user may change this surveyor summary (canEditSurveyorSummary).';
