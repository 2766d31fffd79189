CREATE OR REPLACE FUNCTION public.indicator_locks_set_expiry()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
begin
  if acting_role is not null and acting_role <> 'admin' then
    new.expires_at := now() + public.indicator_lock_lifetime();
  end if;
  return new;
end
$function$;
comment on function indicator_locks_set_expiry() is 'Trigger: a lock taken or renewed by a request expires indicator_lock_lifetime() from now.';
