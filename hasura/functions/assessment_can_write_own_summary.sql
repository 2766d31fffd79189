CREATE OR REPLACE FUNCTION public.assessment_can_write_own_summary(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.can_write_surveyor_summary(a.type, a.status, public.assessment_flags(x), x.has_submitted, true,
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$function$;
comment on function assessment_can_write_own_summary(assessments,json) is 'Computed field can_write_own_summary (rules only): the user may write a surveyor summary of their own (canWriteSurveyorSummary).';
