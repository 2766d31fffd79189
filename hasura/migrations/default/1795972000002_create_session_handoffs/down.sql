drop table public.session_handoffs;
