drop table public.rate_limit_hits;
