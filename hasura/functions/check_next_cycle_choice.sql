CREATE OR REPLACE FUNCTION public.check_next_cycle_choice()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
  allowed integer[] := public.cycle_editions_allowed(public.portal_today());
begin
  if acting_role is null or acting_role = 'admin' or new.next_cycle_survey_version_id is null then
    return new;
  end if;
  if cardinality(allowed) < 2 or not (new.next_cycle_survey_version_id = any (allowed)) then
    raise exception 'No transition window is open to choose this edition in.'
      using errcode = 'check_violation', constraint = 'next_cycle_edition_choice';
  end if;
  return new;
end
$function$;
comment on function check_next_cycle_choice() is 'Trigger: through Hasura, a practice chooses its next cycle''s edition among an open window''s two.';
