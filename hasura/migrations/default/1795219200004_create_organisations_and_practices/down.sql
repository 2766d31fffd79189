drop table public.practice_users;
drop table public.practices;
drop table public.practice_networks;
drop table public.organisations;
drop table public.addresses;
