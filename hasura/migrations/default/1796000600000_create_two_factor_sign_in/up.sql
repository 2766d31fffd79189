-- Two-factor sign-in with time-based codes (RFC 6238) and recovery codes, opt-in
-- (docs/decisions/accounts-and-sessions.md, "Two-factor sign-in"). None of these tables is
-- tracked in the metadata: only the actions service reads them, so no GraphQL role can read a
-- secret or a hash. Factors and events are audited, keyed by the user (the user's History); the
-- secret, the hashes and the lock's counters never enter the log (audit_row's hidden columns).

-- An authenticator app of a user. A row without confirmed_at is an enrolment not yet confirmed
-- with a code; removed_at archives it (never deleted). One live row per user.
create table public.user_factors (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  kind text not null default 'totp',
  label text not null default 'Authenticator app',
  totp_secret text not null,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  removed_at timestamptz,
  -- The replay guard: a code of this time step or an earlier one is refused.
  last_code_step bigint,
  last_code_at timestamptz,
  -- The lock against guessing: wrong codes in the window, and until when the factor refuses all.
  code_failures integer not null default 0,
  code_failures_since timestamptz,
  code_locked_until timestamptz,
  constraint user_factors_kind_known check (kind in ('totp')),
  constraint user_factors_label_known check (label in ('Authenticator app')),
  constraint user_factors_totp_secret_format check (totp_secret ~ '^[A-Z2-7]{32}$'),
  constraint user_factors_code_failures_check check (code_failures >= 0),
  constraint user_factors_removed_after_created check (removed_at is null or removed_at >= created_at)
);
comment on table public.user_factors is
  'Second factors of sign-in (an authenticator app: its TOTP secret); archived by removed_at. Read by the actions service only.';
create unique index user_factors_one_live_per_user on public.user_factors (user_id) where removed_at is null;

-- Ten single-use recovery codes per confirmed factor, stored as the SHA-256 of a code of 80
-- random bits. A new set or a removed factor archives the old set.
create table public.user_recovery_codes (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  archived_at timestamptz,
  constraint user_recovery_codes_code_hash_format check (code_hash ~ '^[0-9a-f]{64}$')
);
comment on table public.user_recovery_codes is
  'Single-use recovery codes of two-factor sign-in (SHA-256 of each). Read by the actions service only.';
create index user_recovery_codes_user_idx on public.user_recovery_codes (user_id) where used_at is null and archived_at is null;
create unique index user_recovery_codes_code_hash_key on public.user_recovery_codes (code_hash);

-- The first step of a sign-in with a factor: the password was right; the token (its SHA-256
-- here) lets the browser give the code for 5 minutes, once.
create table public.sign_in_challenges (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint sign_in_challenges_token_hash_format check (token_hash ~ '^[0-9a-f]{64}$')
);
comment on table public.sign_in_challenges is
  'Pending second steps of sign-in (5 minutes, single use). Read by the actions service only.';
create index sign_in_challenges_expires_idx on public.sign_in_challenges (expires_at);

-- What happened at the second step of sign-in, for the audit log and the user's History.
create table public.account_security_events (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  event text not null,
  method text,
  ip_address inet,
  created_at timestamptz not null default now(),
  constraint account_security_events_event_known check (event in (
    'SIGNED_IN_WITH_FACTOR', 'WRONG_CODE', 'FACTOR_LOCKED', 'RECOVERY_CODE_USED', 'RECOVERY_CODES_ISSUED')),
  constraint account_security_events_method_known check (method in ('totp', 'recovery_code'))
);
comment on table public.account_security_events is
  'Two-factor sign-in events (success, wrong code, lock, recovery code used); audited into the user''s History.';
create index account_security_events_user_idx on public.account_security_events (user_id, created_at desc);

create trigger user_factors_audit after insert or delete or update on public.user_factors
  for each row execute function public.audit_row('user_id');
create trigger account_security_events_audit after insert or delete or update on public.account_security_events
  for each row execute function public.audit_row('user_id');
