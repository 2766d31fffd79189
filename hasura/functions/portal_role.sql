CREATE OR REPLACE FUNCTION public.portal_role(hasura_session json)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case hasura_session ->> 'x-hasura-role'
           when 'provider_admin_console' then 'provider_admin'
           else hasura_session ->> 'x-hasura-role' end
$function$;
comment on function portal_role(json) is 'The role the portal''s SQL rules see in a Hasura session: the admin console''s role counts as provider_admin.';
