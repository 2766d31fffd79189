CREATE OR REPLACE FUNCTION public.can_write_assessment_comments(a_type text, a_status text, flags jsonb, has_signed boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select public.can_change_assessment(a_type, a_status, flags)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
     and (a_type = 'PRESURVEY' or a_status <> 'IN_PROGRESS' or has_signed)
$function$;
comment on function can_write_assessment_comments(text,text,jsonb,boolean) is 'Domain canWriteAssessmentComments.';
