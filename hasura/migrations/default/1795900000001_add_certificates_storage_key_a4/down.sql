alter table public.certificates drop column storage_key_a4;
