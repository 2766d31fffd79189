CREATE OR REPLACE FUNCTION public.can_change_action_plan(a_type text, a_status text, flags jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select a_type = 'SURVEY_VISIT' and a_status = 'ACTION_REQUIRED' and public.flag(flags, 'assessment.changeActionPlan')
$function$;
comment on function can_change_action_plan(text,text,jsonb) is 'Domain canChangeActionPlan.';
