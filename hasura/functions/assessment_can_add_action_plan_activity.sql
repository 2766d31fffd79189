CREATE OR REPLACE FUNCTION public.assessment_can_add_action_plan_activity(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.can_add_action_plan_activity(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$function$;
comment on function assessment_can_add_action_plan_activity(assessments,json) is 'Computed field can_add_action_plan_activity (rules only).';
