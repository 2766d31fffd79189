drop table public.client_logs;
