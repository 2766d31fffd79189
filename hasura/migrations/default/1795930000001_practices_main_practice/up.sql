-- A branch site belongs to its main practice: the main's certificate lists the main's physical
-- address and then every active branch's (issue 17). Only a branch has a main practice, and a
-- practice is never its own main.
alter table public.practices
  add column main_practice_id integer references public.practices (organisation_id),
  add constraint practices_main_practice_not_self check (main_practice_id is distinct from organisation_id),
  add constraint practices_main_practice_only_branch check (main_practice_id is null or is_branch);
comment on column public.practices.main_practice_id is 'The main practice this branch site belongs to (branches only).';
create index practices_main_practice_id_idx on public.practices (main_practice_id);

-- The sites a certificate of a practice covers, one line of address each: its own physical address
-- first, then each active branch's, ordered by suburb. The certificate (at issue, on verify and in
-- the demo files) prints exactly this list.
create function public.practice_certificate_locations(practice integer) returns text[]
language sql stable as $$
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
$$;
comment on function public.practice_certificate_locations(integer) is
  'The addresses a certificate of the practice lists: its own physical address, then its active branches'' by suburb.';
