drop table public.account_security_events;
drop table public.sign_in_challenges;
drop table public.user_recovery_codes;
drop table public.user_factors;
