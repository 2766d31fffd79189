drop table public.password_resets;
drop table public.sessions;
drop table public.surveyor_profiles;
drop table public.users;
