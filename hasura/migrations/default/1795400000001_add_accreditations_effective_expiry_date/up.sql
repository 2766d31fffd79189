-- The date a cycle really expires: the extension when one was granted, else the expiry. The
-- practice list shows this date in its Expiry column, so it also orders by it; a stored generated
-- column keeps the two from drifting and lets an index serve the list's order. The check
-- accreditations_extension_after_expiry makes it the later of the two dates.
alter table public.accreditations
  add column effective_expiry_date date generated always as (coalesce(ext_date, expiry_date)) stored;
comment on column public.accreditations.effective_expiry_date is
  'The extension date when one was granted, else the expiry date (generated; the practice list orders by it).';
create index accreditations_effective_expiry_date_idx on public.accreditations (effective_expiry_date, id);
