CREATE OR REPLACE FUNCTION public.surveyor_conflict_reason(surveyor integer, practice integer)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select c.reason
    from public.surveyor_conflicts c
    join public.practices p on p.organisation_id = practice
   where c.user_id = surveyor
     and not c.archived
     and (c.practice_id = p.organisation_id or (c.network_id is not null and c.network_id = p.network_id))
     and coalesce(c.to_date, public.portal_today()) >= (public.portal_today() - interval '3 years')::date
   order by c.practice_id is null, c.created_at desc
   limit 1
$function$;
