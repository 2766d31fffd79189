CREATE OR REPLACE FUNCTION public.can_read_assessment_findings(a_type text, a_status text, flags jsonb, has_signed boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select public.can_read_assessment_responses(a_type, a_status, flags)
     and (a_type = 'PRESURVEY' or a_status <> 'IN_PROGRESS' or has_signed
          or public.flag(flags, 'assessment.changeSurveyUnderReview'))
$function$;
comment on function can_read_assessment_findings(text,text,jsonb,boolean) is 'Domain canReadAssessmentFindings.';
