drop index if exists public.accreditations_effective_expiry_date_idx;
alter table public.accreditations drop column effective_expiry_date;
