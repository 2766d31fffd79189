drop table if exists public.email_digests;
alter table public.email_outbox drop column if exists headers;
alter table public.users drop column if exists email_digest;
