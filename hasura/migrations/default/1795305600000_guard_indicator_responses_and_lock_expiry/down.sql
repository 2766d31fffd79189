alter table public.indicator_locks alter column expires_at set default now() + interval '2 minutes';
drop trigger indicator_locks_set_expiry on public.indicator_locks;
drop function public.indicator_locks_set_expiry();
drop function public.indicator_lock_lifetime();
drop trigger indicator_responses_guard on public.indicator_responses;
drop function public.indicator_responses_guard();
