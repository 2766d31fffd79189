alter table public.documents drop column object_missing_at;
