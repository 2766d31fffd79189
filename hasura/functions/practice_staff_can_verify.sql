CREATE OR REPLACE FUNCTION public.practice_staff_can_verify(s practice_staff, hasura_session json)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select public.flag(public.practice_flags(s.practice_id, hasura_session), 'practiceStaff.verifyStaff')
$function$;
comment on function practice_staff_can_verify(practice_staff,json) is 'Computed field can_verify (rules only): practiceStaff.verifyStaff on the row''s practice.';
