CREATE OR REPLACE FUNCTION public.portal_today()
 RETURNS date
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select (now() at time zone 'Australia/Sydney')::date
$function$;
comment on function portal_today() is 'Today in the portal''s time zone (Australia/Sydney), whatever the session''s TimeZone.';
