CREATE OR REPLACE FUNCTION public.can_add_action_plan_activity(a_type text, a_status text, flags jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select a_type = 'SURVEY_VISIT' and a_status = 'ACTION_REQUIRED'
     and public.flag(flags, 'indicatorResponse.addActivityToSurveyActionPlan')
$function$;
comment on function can_add_action_plan_activity(text,text,jsonb) is 'Domain canAddActionPlanActivity.';
