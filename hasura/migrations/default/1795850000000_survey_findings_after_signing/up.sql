-- Nothing of a survey visit's findings is readable before signing its confidentiality agreement
-- (spec 001 §4), enforced by the database rather than only hidden by the screen.
--
-- can_read_assessment_findings is the SQL twin of the domain's canReadAssessmentFindings (layer 1,
-- compared over every input by hasura/tests/permissions/predicates.test.ts): readable responses,
-- and while a survey visit is IN_PROGRESS only with a signature, or as a reviewer
-- (changeSurveyUnderReview: the back office). The computed field can_read_responses of assessments
-- (assessment_can_read_responses), which the select permissions of indicator_responses, comments,
-- general_comments, assessment_counts, indicator_locks and action_plan_activities already ask, now
-- applies it with whether the session's user has signed. A practice manager still reads a survey's
-- findings only once it is reviewed (is_assessment_locked, unchanged).

create function public.can_read_assessment_findings(a_type text, a_status text, flags jsonb, has_signed boolean)
returns boolean language sql immutable as $$
  select public.can_read_assessment_responses(a_type, a_status, flags)
     and (a_type = 'PRESURVEY' or a_status <> 'IN_PROGRESS' or has_signed
          or public.flag(flags, 'assessment.changeSurveyUnderReview'))
$$;
comment on function public.can_read_assessment_findings(text, text, jsonb, boolean) is 'Domain canReadAssessmentFindings.';

create or replace function public.assessment_has_signed(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select exists (select 1 from public.confidentiality_signs cs
                  where cs.assessment_id = a.id
                    and cs.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer)
$$;
comment on function public.assessment_has_signed(public.assessments, json) is
  'Has the session''s user signed the assessment''s confidentiality agreement?';

create or replace function public.assessment_can_read_responses(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select (x.is_pm or x.is_su or x.back_office_role is not null)
     and public.can_read_assessment_findings(a.type, a.status, public.assessment_flags(x),
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_read_responses(public.assessments, json) is
  'Computed field can_read_responses (rules only): responses, summaries, comments, counts, locks and activities are readable (canReadAssessmentFindings: after signing while a survey is in progress).';
