create or replace function public.assessment_can_read_responses(a public.assessments, hasura_session json)
returns boolean language sql stable as $$
  select (x.is_pm or x.is_su or x.back_office_role is not null)
     and public.can_read_assessment_responses(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;
comment on function public.assessment_can_read_responses(public.assessments, json) is
  'Computed field can_read_responses (rules only): responses, summaries, counts, locks and activities are readable.';
drop function public.assessment_has_signed(public.assessments, json);
drop function public.can_read_assessment_findings(text, text, jsonb, boolean);
