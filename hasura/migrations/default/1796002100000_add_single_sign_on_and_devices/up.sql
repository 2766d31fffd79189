-- Single sign-on for provider staff (OpenID Connect) and the e-mail on a sign-in from a new device
-- (docs/decisions/accounts-and-sessions.md, "Single sign-on" and "New-device e-mail"). Read and
-- written by the actions service only: none of these tables is tracked in the metadata.

-- An identity of the provider's identity provider bound to an account: by (issuer, subject) on
-- its first sign-in, found by them afterwards, so an e-mail changed at the identity provider
-- cannot move the identity to another account. One identity per issuer and account.
create table public.user_identities (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  issuer text not null,
  subject text not null,
  linked_at timestamptz not null default now(),
  last_signed_in_at timestamptz not null default now(),
  constraint user_identities_issuer_subject_key unique (issuer, subject),
  constraint user_identities_user_issuer_key unique (user_id, issuer),
  constraint user_identities_issuer_format check (
    char_length(issuer) <= 2000 and issuer ~ '^https?://[^[:space:][:cntrl:]]+$'),
  constraint user_identities_subject_check check (char_length(subject) between 1 and 255),
  constraint user_identities_subject_control_characters check (subject !~ '[\u0001-\u001F\u007F-\u009F]')
);
comment on table public.user_identities is
  'Single sign-on identities (issuer and subject of an OpenID Connect provider) bound to accounts; audited into the user''s History.';
create trigger user_identities_audit after insert or delete or update on public.user_identities
  for each row execute function public.audit_row('user_id');

-- A sign-in sent to the identity provider and not back yet: the state (hashed), the nonce and the
-- PKCE verifier, bound to the browser that started it by a cookie (its hash); spent once, 10 minutes.
create table public.sso_sign_in_requests (
  id integer generated always as identity primary key,
  state_hash text not null,
  binder_hash text not null,
  nonce text not null,
  code_verifier text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint sso_sign_in_requests_state_hash_key unique (state_hash),
  constraint sso_sign_in_requests_state_hash_format check (state_hash ~ '^[0-9a-f]{64}$'),
  constraint sso_sign_in_requests_binder_hash_format check (binder_hash ~ '^[0-9a-f]{64}$'),
  constraint sso_sign_in_requests_nonce_format check (nonce ~ '^[A-Za-z0-9_-]{43}$'),
  constraint sso_sign_in_requests_code_verifier_format check (code_verifier ~ '^[A-Za-z0-9_-]{43}$'),
  constraint sso_sign_in_requests_check check (expires_at > created_at)
);
comment on table public.sso_sign_in_requests is
  'Single sign-on requests on their way through the identity provider (state hashed, nonce, PKCE verifier); spent once.';

-- The devices (browsers) a user signed in from: a long-lived random cookie (hashed), and the
-- browser and system family for a browser that keeps no cookie. A sign-in from none of them sends
-- "New sign-in to your account".
create table public.user_devices (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  device_hash text not null,
  agent_family text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  constraint user_devices_user_device_key unique (user_id, device_hash),
  constraint user_devices_device_hash_format check (device_hash ~ '^[0-9a-f]{64}$'),
  constraint user_devices_agent_family_check check (char_length(agent_family) between 1 and 200),
  constraint user_devices_agent_family_control_characters check (agent_family !~ '[\u0001-\u001F\u007F-\u009F]')
);
comment on table public.user_devices is
  'Browsers a user signed in from (a device cookie, hashed, and the browser and system family), for the new-device e-mail.';
create index user_devices_family_idx on public.user_devices (user_id, agent_family, last_seen_at desc);

-- A session whose identity provider reported a multi-factor sign-in (the ID token's amr) meets the
-- two-factor policy without our factor; each rotation of its refresh token keeps that.
alter table public.sessions add column second_factor_at_idp boolean not null default false;
comment on column public.sessions.second_factor_at_idp is
  'The identity provider reported a multi-factor sign-in (OIDC amr): the two-factor policy is met for this session.';

-- An SSO sign-in and an identity's first link are in the user's History: SSO_LINKED and the method
-- oidc join the lists the constraints hold, whatever values other migrations added before (passkeys
-- land beside this one), so the lists are extended rather than written out again.
do $$
declare
  rule record;
begin
  for rule in
    select c.conname, pg_get_constraintdef(c.oid) as def, v.value
      from pg_constraint c
      join (values ('account_security_events_event_known', 'SSO_LINKED'),
                   ('account_security_events_method_known', 'oidc')) as v (name, value) on v.name = c.conname
     where c.conrelid = 'public.account_security_events'::regclass
  loop
    execute format('alter table public.account_security_events drop constraint %I, add constraint %I %s',
      rule.conname, rule.conname, replace(rule.def, '::text])', format(', %L::text])', rule.value)));
  end loop;
end $$;
