CREATE OR REPLACE FUNCTION public.flag(flags jsonb, name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce((flags #>> string_to_array(name, '.'))::boolean, false)
$function$;
comment on function flag(jsonb,text) is 'One flag of permission_flags(), by its domain name (assessment.certifySurvey).';
