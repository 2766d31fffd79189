CREATE OR REPLACE FUNCTION public.cycle_editions_allowed(on_day date)
 RETURNS integer[]
 LANGUAGE sql
 STABLE
AS $function$
    select case
      when t.id is null then array_remove(array[(select v.id from public.survey_versions v where v.is_current)], null)
      when on_day < t.opens_on then array[t.from_version_id]
      when on_day <= t.closes_on then array[t.from_version_id, t.to_version_id]
      else array[t.to_version_id]
    end
    from (select 1) one
    left join public.edition_transitions t on t.completed_at is null
  $function$;
comment on function cycle_editions_allowed(date) is 'The editions a new cycle may use on the day: the current one, either within a transition window, the newer after it.';
