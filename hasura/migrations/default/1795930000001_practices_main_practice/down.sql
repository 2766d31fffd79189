drop function if exists public.practice_certificate_locations(integer);
drop index if exists public.practices_main_practice_id_idx;
alter table public.practices
  drop constraint if exists practices_main_practice_only_branch,
  drop constraint if exists practices_main_practice_not_self,
  drop column if exists main_practice_id;
