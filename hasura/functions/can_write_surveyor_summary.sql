CREATE OR REPLACE FUNCTION public.can_write_surveyor_summary(a_type text, a_status text, flags jsonb, has_submitted boolean, is_author boolean, has_signed boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select a_type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a_status, flags, has_submitted, is_author)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
     and (a_type = 'PRESURVEY' or a_status <> 'IN_PROGRESS' or has_signed)
$function$;
comment on function can_write_surveyor_summary(text,text,jsonb,boolean,boolean,boolean) is 'Domain canWriteSurveyorSummary.';
