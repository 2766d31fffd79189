CREATE OR REPLACE FUNCTION public.practice_certificate_locations(practice integer)
 RETURNS text[]
 LANGUAGE sql
 STABLE
AS $function$
  select coalesce(array_agg(line order by rank, lower(suburb), line), '{}')
    from (
      select 0 as rank, o.physical_address_id as address_id
        from public.organisations o
       where o.id = practice
      union all
      select 1, o.physical_address_id
        from public.practices p
        join public.organisations o on o.id = p.organisation_id
       where p.main_practice_id = practice and p.active_status = 'ACTIVE'
    ) sites
    join public.addresses a on a.id = sites.address_id
    cross join lateral (
      select nullif(concat_ws(', ', nullif(a.unit, ''), nullif(a.street, ''), nullif(a.address2, ''),
               nullif(concat_ws(' ', a.suburb, a.state, a.postcode), '')), '') as line
    ) formatted
   where line is not null
$function$;
comment on function practice_certificate_locations(integer) is 'The addresses a certificate of the practice lists: its own physical address, then its active branches'' by suburb.';
