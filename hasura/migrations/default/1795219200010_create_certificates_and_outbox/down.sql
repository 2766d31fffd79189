drop table public.email_outbox;
drop table public.certificates;
