drop table public.registration_lookups;
