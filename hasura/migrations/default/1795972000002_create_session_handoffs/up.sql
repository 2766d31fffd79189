-- One-time codes with which the back end hands a browser's session to the app
-- (`/redirect-from-backend`, issue 28: a token in the URL let anyone's link switch a signed-in
-- user to another account). A code is stored hashed with the hash of the httpOnly cookie that
-- binds it to the browser it was issued to; it lives a minute and is spent by its first use.
-- Only the actions service reads and writes the table (not tracked by GraphQL).
create table public.session_handoffs (
  id bigint generated always as identity primary key,
  code_hash text not null unique,
  binder_hash text not null,
  family_id uuid not null,
  user_id integer not null references public.users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at)
);
comment on table public.session_handoffs is
  'One-time codes (hashed) handing a browser''s session to the app; bound to that browser, single use.';
create index session_handoffs_user_id_idx on public.session_handoffs (user_id);
