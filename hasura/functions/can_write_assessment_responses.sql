CREATE OR REPLACE FUNCTION public.can_write_assessment_responses(a_type text, a_status text, flags jsonb, has_submitted boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select public.can_change_assessment_inputs(a_type, a_status, flags, has_submitted)
      or public.can_change_action_plan(a_type, a_status, flags)
$function$;
comment on function can_write_assessment_responses(text,text,jsonb,boolean) is 'Domain canWriteAssessmentResponses: the inputs, or the non-conformity status while action is required.';
