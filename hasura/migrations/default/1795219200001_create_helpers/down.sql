drop function if exists public.set_updated_at();
drop function if exists public.current_app_user_id();
drop extension if exists pg_trgm;
drop extension if exists citext;
