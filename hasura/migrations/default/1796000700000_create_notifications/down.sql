drop table if exists public.notifications;
