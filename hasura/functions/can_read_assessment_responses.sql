CREATE OR REPLACE FUNCTION public.can_read_assessment_responses(a_type text, a_status text, flags jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select a_type = 'PRESURVEY' or not public.is_assessment_locked(a_type, a_status, flags)
$function$;
comment on function can_read_assessment_responses(text,text,jsonb) is 'Domain canReadAssessmentResponses.';
