-- A day in the portal is a day in the accreditation provider's time zone, Australia/Sydney
-- (PORTAL_TIME_ZONE in packages/domain), not in the database session's zone: from 13:00 UTC the
-- two are a day apart, and a finding closed at nine in the morning in Sydney was stamped with
-- yesterday. Every rule that needs today asks public.portal_today().
create function public.portal_today() returns date
language sql stable parallel safe as $$
  select (now() at time zone 'Australia/Sydney')::date
$$;
comment on function public.portal_today() is
  'Today in the portal''s time zone (Australia/Sydney), whatever the session''s TimeZone.';

-- The two functions that took today as current_date, redefined as they stand with
-- public.portal_today() in its place (their bodies are unchanged otherwise).
do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.indicator_responses_guard()'::regprocedure,
    'public.surveyor_conflict_reason(integer, integer)'::regprocedure
  ] loop
    execute replace(pg_get_functiondef(fn), 'current_date', 'public.portal_today()');
  end loop;
end
$$;
