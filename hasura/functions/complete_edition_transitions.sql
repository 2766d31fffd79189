CREATE OR REPLACE FUNCTION public.complete_edition_transitions(on_day date)
 RETURNS SETOF edition_transitions
 LANGUAGE plpgsql
AS $function$
declare
  t public.edition_transitions;
begin
  for t in
    update public.edition_transitions set completed_at = now()
     where completed_at is null and closes_on < on_day
    returning *
  loop
    update public.survey_versions set is_current = false where is_current and id <> t.to_version_id;
    update public.survey_versions set is_current = true where id = t.to_version_id and not is_current;
    return next t;
  end loop;
end
$function$;
comment on function complete_edition_transitions(date) is 'Completes the transition windows closed before the day: the newer edition becomes the current one.';
