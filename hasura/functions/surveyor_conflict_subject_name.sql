CREATE OR REPLACE FUNCTION public.surveyor_conflict_subject_name(c surveyor_conflicts)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select coalesce(
    (select o.name from public.organisations o where o.id = c.practice_id),
    (select n.name from public.practice_networks n where n.id = c.network_id))
$function$;
comment on function surveyor_conflict_subject_name(surveyor_conflicts) is 'Computed field subject_name: the name of the practice or network of the conflict.';
