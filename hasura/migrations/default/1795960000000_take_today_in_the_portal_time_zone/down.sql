do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.indicator_responses_guard()'::regprocedure,
    'public.surveyor_conflict_reason(integer, integer)'::regprocedure
  ] loop
    execute replace(pg_get_functiondef(fn), 'public.portal_today()', 'current_date');
  end loop;
end
$$;
drop function public.portal_today();
