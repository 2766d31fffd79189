CREATE OR REPLACE FUNCTION public.assessment_flags(x assessment_access)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select public.permission_flags(x.is_pm, x.is_su, x.is_visitor, x.back_office_role)
$function$;
comment on function assessment_flags(assessment_access) is 'The flags of that access.';
