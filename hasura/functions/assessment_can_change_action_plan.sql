CREATE OR REPLACE FUNCTION public.assessment_can_change_action_plan(a assessments, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.can_change_action_plan(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$function$;
comment on function assessment_can_change_action_plan(assessments,json) is 'Computed field can_change_action_plan (rules only): non-conformities and activities may be opened or closed.';
