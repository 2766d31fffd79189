drop table public.webinar_connections;
