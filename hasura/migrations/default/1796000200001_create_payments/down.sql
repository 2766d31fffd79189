drop table public.payments;
