drop index public.password_resets_one_open_per_user_idx;
-- A superseded link must not come back to life: without the column it counts as used.
update public.password_resets set used_at = superseded_at where used_at is null and superseded_at is not null;
alter table public.password_resets drop column superseded_at;
