create or replace function public.assessment_can_write_responses(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select public.can_write_assessment_responses(a.type, a.status, public.assessment_flags(x), x.has_submitted)
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_write_responses(public.assessments, json) is
  'Computed field can_write_responses (rules only): responses and locks may be written; indicator_responses_guard narrows ACTION_REQUIRED.';
drop function public.can_write_assessment_findings(text, text, jsonb, boolean, boolean);
