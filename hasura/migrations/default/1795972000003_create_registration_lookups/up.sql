-- The registration-number look-ups of each practice manager (issue 28): counted per user and hour
-- so the look-up cannot be used to walk other practices' registers. Shared by every replica of
-- the actions service; only it reads and writes the table (not tracked by GraphQL). Rows older
-- than a day are removed by the housekeeping.
create table public.registration_lookups (
  id bigint generated always as identity primary key,
  user_id integer not null references public.users (id),
  looked_up_at timestamptz not null default now()
);
comment on table public.registration_lookups is
  'One row per registration-number look-up of a practice manager, for its hourly limit.';
create index registration_lookups_user_time_idx on public.registration_lookups (user_id, looked_up_at);
