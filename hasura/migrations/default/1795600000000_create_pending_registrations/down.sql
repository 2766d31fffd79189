drop table public.pending_registrations;
