-- Two-factor sign-in, a policy per role (docs/decisions/accounts-and-sessions.md, "A policy per
-- role"): which roles must use a second factor. A role not required is offered. The default of a
-- new provider: provider admins, QAMs and surveyors required; practice users offered.
alter table public.provider_settings
  add column require_two_factor_provider_admin boolean not null default true,
  add column require_two_factor_qam boolean not null default true,
  add column require_two_factor_surveyor boolean not null default true,
  add column require_two_factor_practice_user boolean not null default false;
comment on column public.provider_settings.require_two_factor_provider_admin is
  'Provider admins must use a second factor to sign in (false: offered).';
comment on column public.provider_settings.require_two_factor_qam is
  'QAMs must use a second factor to sign in (false: offered).';
comment on column public.provider_settings.require_two_factor_surveyor is
  'Surveyors must use a second factor to sign in (false: offered).';
comment on column public.provider_settings.require_two_factor_practice_user is
  'Practice users (any practice role, or staff) must use a second factor to sign in (false: offered).';

-- A database that already holds the demo data (seeds run once, before this migration existed)
-- keeps what a new demo database gets from hasura/seeds/default/97_two_factor_policy.sql: offered
-- to every role, so the README's demo accounts still sign in with their passwords alone.
update public.provider_settings set
  require_two_factor_provider_admin = false,
  require_two_factor_qam = false,
  require_two_factor_surveyor = false
 where exists (select 1 from public.users where email = 'admin@demo.test');

-- A password sign-in and a wrong password of an account, a provider admin's reset of a user's
-- factors, and a session ended by its user or an admin, are in the user's History too.
alter table public.account_security_events
  drop constraint account_security_events_event_known,
  add constraint account_security_events_event_known check (event in (
    'SIGNED_IN_WITH_FACTOR', 'WRONG_CODE', 'FACTOR_LOCKED', 'RECOVERY_CODE_USED', 'RECOVERY_CODES_ISSUED',
    'FACTORS_RESET', 'SESSION_ENDED', 'SIGNED_IN', 'SIGN_IN_FAILED')),
  drop constraint account_security_events_method_known,
  add constraint account_security_events_method_known check (method in ('totp', 'recovery_code', 'password'));
