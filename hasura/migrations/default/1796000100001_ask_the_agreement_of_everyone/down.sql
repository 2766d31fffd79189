CREATE OR REPLACE FUNCTION public.can_write_surveyor_summary(a_type text, a_status text, flags jsonb, has_submitted boolean, is_author boolean, has_signed boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select a_type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a_status, flags, has_submitted, is_author)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$function$;
comment on function can_write_surveyor_summary(text,text,jsonb,boolean,boolean,boolean) is 'Domain canWriteSurveyorSummary.';

CREATE OR REPLACE FUNCTION public.can_write_assessment_comments(a_type text, a_status text, flags jsonb, has_signed boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select public.can_change_assessment(a_type, a_status, flags)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$function$;
comment on function can_write_assessment_comments(text,text,jsonb,boolean) is 'Domain canWriteAssessmentComments.';

CREATE OR REPLACE FUNCTION public.can_write_assessment_findings(a_type text, a_status text, flags jsonb, has_submitted boolean, has_signed boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select public.can_write_assessment_responses(a_type, a_status, flags, has_submitted)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$function$;
comment on function can_write_assessment_findings(text,text,jsonb,boolean,boolean) is 'Domain canWriteAssessmentFindings.';
