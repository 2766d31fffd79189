CREATE OR REPLACE FUNCTION public.assessment_can_change(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.can_write_assessment_comments(a.type, a.status, public.assessment_flags(x),
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$function$;
comment on function assessment_can_change(assessments,json) is 'Computed field can_change (rules only): comments may be written (canWriteAssessmentComments: after signing while a survey is in progress).';
