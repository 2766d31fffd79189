-- Payments received (docs/decisions/practices-and-staff.md, "Payments"): a new application's fee
-- or a renewal's, completed through the payment gateway (the development stand-in) or recorded by
-- a provider admin for a payment received another way (a bank transfer). Written by the actions
-- service in the transaction that moves the practice or renewal on; audited like every business
-- table; never deleted.
create table public.payments (
  id integer generated always as identity primary key,
  practice_id integer not null references public.practices (organisation_id),
  reapplication_id integer references public.reapplications (id),
  kind text not null,
  method text not null,
  reference text,
  received_on date not null,
  recorded_by_id integer references public.users (id),
  created_at timestamptz not null default now(),
  constraint payments_kind_known check (kind in ('APPLICATION', 'RENEWAL')),
  constraint payments_renewal_names_it check ((kind = 'RENEWAL') = (reapplication_id is not null)),
  constraint payments_method_known check (method in ('BANK_TRANSFER', 'CHEQUE', 'OTHER', 'PAYMENT_STAND_IN')),
  constraint payments_reference_length check (char_length(reference) between 1 and 100),
  constraint payments_reference_control_characters check (reference !~ '[\u0001-\u001F\u007F-\u009F]')
);
comment on table public.payments is
  'Fees received: an application''s or a renewal''s, through the gateway or recorded by a provider admin.';
create index payments_practice_idx on public.payments (practice_id, created_at desc);
create trigger payments_audit after insert or update or delete on public.payments
  for each row execute function public.audit_row('id');
