drop table public.assistance_requests;
