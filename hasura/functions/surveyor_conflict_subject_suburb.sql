CREATE OR REPLACE FUNCTION public.surveyor_conflict_subject_suburb(c surveyor_conflicts)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select ad.suburb
    from public.organisations o
    join public.addresses ad on ad.id = o.physical_address_id
   where o.id = c.practice_id
$function$;
comment on function surveyor_conflict_subject_suburb(surveyor_conflicts) is 'Computed field subject_suburb: the suburb of the practice of the conflict (none for a network).';
