-- Sign-ups waiting for their e-mail address to be confirmed. A registration without an
-- invitation creates no user: it answers the same whether or not the address has an account,
-- and only the owner of the mailbox can turn a pending row into an account (the link's token).
-- Several rows may exist for one address (retries, or someone else typing it); confirming one
-- creates the user and removes them all.
create table public.pending_registrations (
  id integer generated always as identity primary key,
  email citext not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (expires_at > created_at)
);
comment on table public.pending_registrations is 'Sign-ups waiting for e-mail confirmation (token hashed); read only by the actions service.';
create index pending_registrations_email_idx on public.pending_registrations (email);
create index pending_registrations_expires_at_idx on public.pending_registrations (expires_at);
