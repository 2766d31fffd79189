CREATE OR REPLACE FUNCTION public.indicator_lock_lifetime()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$ select interval '2 minutes' $function$;
comment on function indicator_lock_lifetime() is 'How long an indicator lock lives after it is taken or renewed.';
