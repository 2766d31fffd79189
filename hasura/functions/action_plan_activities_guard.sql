CREATE OR REPLACE FUNCTION public.action_plan_activities_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
begin
  if acting_role is not null and acting_role <> 'admin'
     and new.closed_at is distinct from (case when tg_op = 'UPDATE' then old.closed_at end)
     and new.closed_at > now() + interval '5 minutes' then
    raise exception 'an activity cannot be closed at a time still to come'
      using errcode = 'check_violation';
  end if;
  return new;
end
$function$;
comment on function action_plan_activities_guard() is 'Trigger: through Hasura, an activity''s closed_at is never ahead of the clock (5 minutes of skew).';
