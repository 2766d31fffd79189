CREATE OR REPLACE FUNCTION public.current_app_user_id()
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  select nullif(nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-user-id', '')::integer
$function$;
comment on function current_app_user_id() is 'User id of the acting session (hasura.user), or null.';
