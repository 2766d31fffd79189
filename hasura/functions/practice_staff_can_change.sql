CREATE OR REPLACE FUNCTION public.practice_staff_can_change(s practice_staff, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.flag(public.practice_flags(s.practice_id, hasura_session), 'practiceStaff.changeStaff')
$function$;
comment on function practice_staff_can_change(practice_staff,json) is 'Computed field can_change (rules only): practiceStaff.changeStaff on the row''s practice.';
