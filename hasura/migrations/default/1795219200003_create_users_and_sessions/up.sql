-- People who sign in, and the records that keep them signed in.
create table public.users (
  id integer generated always as identity primary key,
  email citext not null unique check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- Memory-hard KDF output (scrypt, self-describing string); null until the person sets a password.
  password_hash text,
  title text references public.person_title (value),
  first_name text not null default '' check (length(first_name) <= 150),
  last_name text not null default '' check (length(last_name) <= 150),
  phone text,
  avatar_key text,
  is_staff boolean not null default false,
  is_active boolean not null default true,
  is_admin boolean not null default false,
  is_qam boolean not null default false,
  is_superadmin boolean not null default false,
  is_surveyor boolean not null default false,
  has_special_access boolean not null default false,
  failed_login_count integer not null default 0 check (failed_login_count >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A super admin is always an admin.
  constraint users_superadmin_is_admin check (not is_superadmin or is_admin)
);
comment on table public.users is 'Everyone who can sign in: practice managers, surveyors, QAMs and provider admins.';
create trigger users_set_updated_at before update on public.users for each row execute function public.set_updated_at();

create table public.surveyor_profiles (
  user_id integer primary key references public.users (id),
  rate_classification text not null default 'STANDARD' references public.surveyor_rate_classification (value),
  home_state text references public.australian_state (value),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.surveyor_profiles is 'Surveyor-only details of a user.';

-- Refresh tokens: opaque, stored hashed, rotated on every use. All tokens of one sign-in share
-- a family; presenting a spent token revokes the whole family.
create table public.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references public.users (id),
  family_id uuid not null,
  refresh_token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  user_agent text,
  ip_address inet,
  check (expires_at > created_at)
);
comment on table public.sessions is 'Refresh tokens (hashed), one row per issued token; rotation keeps the family.';
create index sessions_user_id_idx on public.sessions (user_id);
create index sessions_family_id_idx on public.sessions (family_id);

create table public.password_resets (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at)
);
comment on table public.password_resets is 'Password reset tokens (hashed), single use, short-lived.';
create index password_resets_user_id_idx on public.password_resets (user_id);
