-- Nor written: a surveyor who has not signed the confidentiality agreement of a survey in progress
-- writes none of its responses and takes none of its indicator locks (they cannot see what they
-- would write over). can_write_assessment_findings is the twin of the domain's
-- canWriteAssessmentFindings (compared over every input by predicates.test.ts); the computed field
-- can_write_responses (assessment_can_write_responses), asked by the insert and update permissions
-- of indicator_responses and the insert permission of indicator_locks, now applies it.

create function public.can_write_assessment_findings(
  a_type text, a_status text, flags jsonb, has_submitted boolean, has_signed boolean
) returns boolean language sql immutable as $$
  select public.can_write_assessment_responses(a_type, a_status, flags, has_submitted)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$$;
comment on function public.can_write_assessment_findings(text, text, jsonb, boolean, boolean) is
  'Domain canWriteAssessmentFindings.';

create or replace function public.assessment_can_write_responses(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_write_assessment_findings(a.type, a.status, public.assessment_flags(x), x.has_submitted,
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_write_responses(public.assessments, json) is
  'Computed field can_write_responses (rules only): responses and locks may be written (canWriteAssessmentFindings: after signing while a survey is in progress); indicator_responses_guard narrows ACTION_REQUIRED.';
