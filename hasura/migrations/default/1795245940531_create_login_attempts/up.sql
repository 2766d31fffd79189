-- Sign-in throttling per e-mail address. Keyed by a SHA-256 of the normalised address, not by
-- user, so an address without an account is throttled exactly like one with an account and the
-- answers never reveal which addresses exist. One row per address that failed recently.
create table public.login_attempts (
  email_hash text primary key check (email_hash ~ '^[0-9a-f]{64}$'),
  -- Failures in the current window, which starts at the first failure and lasts 15 minutes.
  failed_count integer not null default 0 check (failed_count >= 0),
  window_started_at timestamptz not null default now(),
  -- Set when the window reaches 5 failures: sign-in for the address is refused until then.
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);
comment on table public.login_attempts is 'Failed sign-ins per e-mail hash, for lockout; read only by the actions service.';
create index login_attempts_updated_at_idx on public.login_attempts (updated_at);
