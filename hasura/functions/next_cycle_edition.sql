CREATE OR REPLACE FUNCTION public.next_cycle_edition(practice integer, on_day date)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
    select case
      when cardinality(allowed) < 2 then allowed[1]
      else coalesce(
        (select p.next_cycle_survey_version_id from public.practices p
          where p.organisation_id = practice and p.next_cycle_survey_version_id = any (allowed)),
        allowed[1])
    end
    from public.cycle_editions_allowed(on_day) as allowed
  $function$;
comment on function next_cycle_edition(integer,date) is 'The edition a new cycle of the practice takes on the day: the current one, the practice''s choice within a transition window, the newer after it.';
