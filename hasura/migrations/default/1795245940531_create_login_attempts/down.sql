drop table public.login_attempts;
