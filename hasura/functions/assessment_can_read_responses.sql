CREATE OR REPLACE FUNCTION public.assessment_can_read_responses(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select (x.is_pm or x.is_su or x.back_office_role is not null)
     and public.can_read_assessment_findings(a.type, a.status, public.assessment_flags(x),
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$function$;
comment on function assessment_can_read_responses(assessments,json) is 'Computed field can_read_responses (rules only): responses, summaries, comments, counts, locks and activities are readable (canReadAssessmentFindings: after signing while a survey is in progress).';
