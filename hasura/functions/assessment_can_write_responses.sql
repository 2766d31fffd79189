CREATE OR REPLACE FUNCTION public.assessment_can_write_responses(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.can_write_assessment_findings(a.type, a.status, public.assessment_flags(x), x.has_submitted,
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$function$;
comment on function assessment_can_write_responses(assessments,json) is 'Computed field can_write_responses (rules only): responses and locks may be written (canWriteAssessmentFindings: after signing while a survey is in progress); indicator_responses_guard narrows ACTION_REQUIRED.';
