CREATE OR REPLACE FUNCTION public.guard_editions_in_transition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  pending public.edition_transitions;
begin
  select * into pending from public.edition_transitions where completed_at is null;
  if pending.id is null then
    return new;
  end if;
  if new.id = pending.to_version_id and new.status = 'RETIRED' and old.status <> 'RETIRED' then
    raise exception 'The edition % has a transition window open to it: it is not retired.', old.code
      using errcode = 'check_violation', constraint = 'edition_transition_pending';
  end if;
  if new.is_current is distinct from old.is_current then
    raise exception 'A transition window from % is pending: the current edition changes when it closes.',
      (select code from public.survey_versions where id = pending.from_version_id)
      using errcode = 'check_violation', constraint = 'edition_transition_pending';
  end if;
  return new;
end
$function$;
comment on function guard_editions_in_transition() is 'Trigger: while a transition window is pending, its newer edition is not retired and the current edition does not change by hand.';
