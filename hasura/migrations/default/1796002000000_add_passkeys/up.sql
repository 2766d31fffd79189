-- Passkeys and security keys (WebAuthn) as a second factor beside the authenticator app
-- (docs/decisions/accounts-and-sessions.md, "Passkeys"). A passkey is a row of user_factors of
-- kind 'passkey': named by its user, confirmed when it is registered, archived by removed_at like
-- the authenticator app, audited into the user's History by the same trigger. Its public key and
-- signature counter are read by the actions service only (the table stays untracked) and never
-- enter the audit log.
alter table public.user_factors
  alter column totp_secret drop not null,
  add column passkey_credential_id text,
  add column passkey_public_key bytea,
  add column passkey_sign_count bigint,
  add column passkey_transports text[],
  drop constraint user_factors_kind_known,
  add constraint user_factors_kind_known check (kind in ('totp', 'passkey')),
  drop constraint user_factors_label_known,
  -- The authenticator app's label is fixed; a passkey's is the name its user gave it.
  add constraint user_factors_label_known check (
    (kind = 'totp' and label = 'Authenticator app')
    or (kind = 'passkey' and char_length(btrim(label)) between 1 and 60)),
  add constraint user_factors_label_control_characters check (label !~ '[\u0001-\u001F\u007F-\u009F]'),
  -- Each kind holds its own secret or key, and only that.
  add constraint user_factors_kind_fields check (
    (kind = 'totp' and totp_secret is not null and passkey_credential_id is null
      and passkey_public_key is null and passkey_sign_count is null)
    or (kind = 'passkey' and totp_secret is null and passkey_credential_id is not null
      and passkey_public_key is not null and passkey_sign_count is not null and confirmed_at is not null)),
  -- A credential id is base64url of 16 to 1023 bytes (WebAuthn).
  add constraint user_factors_passkey_credential_id_format check (
    passkey_credential_id ~ '^[A-Za-z0-9_-]+$' and char_length(passkey_credential_id) between 22 and 1364),
  add constraint user_factors_passkey_public_key_size check (octet_length(passkey_public_key) between 1 and 2048),
  add constraint user_factors_passkey_sign_count_check check (passkey_sign_count between 0 and 4294967295),
  add constraint user_factors_passkey_transports_known check (
    passkey_transports <@ array['ble', 'hybrid', 'internal', 'nfc', 'usb']::text[]);
comment on table public.user_factors is
  'Second factors of sign-in: an authenticator app (its TOTP secret) or passkeys (WebAuthn public keys); archived by removed_at. Read by the actions service only.';
comment on column public.user_factors.passkey_credential_id is 'The WebAuthn credential id (base64url), unique over every row.';
comment on column public.user_factors.passkey_sign_count is 'The signature counter last accepted: a lower or equal one is refused (a cloned key).';

-- One authenticator app per user, as before; any number of passkeys; a credential id once.
drop index public.user_factors_one_live_per_user;
create unique index user_factors_one_live_totp_per_user on public.user_factors (user_id)
  where removed_at is null and kind = 'totp';
create unique index user_factors_passkey_credential_id_key on public.user_factors (passkey_credential_id);

-- The challenges of WebAuthn ceremonies (registering a passkey, signing in with one): 32 random
-- bytes the browser's authenticator signs over, stored as SHA-256 here (PostgreSQL, so any
-- replica finishes a ceremony another began), bound to the user and, at sign-in, to the first
-- step's challenge; 2 minutes, single use (spent by any answer, right or wrong).
create table public.webauthn_challenges (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id),
  purpose text not null,
  sign_in_challenge_id integer references public.sign_in_challenges (id),
  challenge_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint webauthn_challenges_purpose_known check (purpose in ('register', 'sign_in')),
  constraint webauthn_challenges_sign_in_bound check ((purpose = 'sign_in') = (sign_in_challenge_id is not null)),
  constraint webauthn_challenges_challenge_hash_format check (challenge_hash ~ '^[0-9a-f]{64}$')
);
comment on table public.webauthn_challenges is
  'Pending WebAuthn ceremonies (passkey registration and sign-in; 2 minutes, single use). Read by the actions service only.';
create index webauthn_challenges_user_idx on public.webauthn_challenges (user_id, purpose) where used_at is null;
create index webauthn_challenges_expires_idx on public.webauthn_challenges (expires_at);

-- A passkey's answer that was refused (a wrong signature, origin or counter) is in the History.
alter table public.account_security_events
  drop constraint account_security_events_event_known,
  add constraint account_security_events_event_known check (event in (
    'SIGNED_IN_WITH_FACTOR', 'WRONG_CODE', 'FACTOR_LOCKED', 'RECOVERY_CODE_USED', 'RECOVERY_CODES_ISSUED',
    'FACTORS_RESET', 'SESSION_ENDED', 'SIGNED_IN', 'SIGN_IN_FAILED', 'PASSKEY_REFUSED')),
  drop constraint account_security_events_method_known,
  add constraint account_security_events_method_known check (
    method in ('totp', 'recovery_code', 'password', 'passkey'));

CREATE OR REPLACE FUNCTION public.audit_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  -- Secrets never enter the log; nor do a second factor's lock counters and replay guard, which
  -- change at every code typed, nor a passkey's public key and signature counter (the events
  -- table says what happened).
  hidden text[] := array['password_hash', 'refresh_token_hash', 'token_hash', 'totp_secret', 'code_hash',
    'last_code_step', 'last_code_at', 'code_failures', 'code_failures_since', 'code_locked_until',
    'passkey_public_key', 'passkey_sign_count'];
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - hidden end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - hidden end;
  key_column text := tg_argv[0];
begin
  if tg_op = 'UPDATE' and old_row = new_row then
    return null;
  end if;
  -- The one writer audit_log_append_only lets in: lowered again as soon as the row is in.
  perform set_config('audit.writing', 'on', true);
  insert into public.audit_log (table_name, row_id, operation, old_data, new_data, changed_by_id, changed_by_role)
  values (
    tg_table_name,
    coalesce(new_row, old_row) ->> key_column,
    tg_op,
    old_row,
    new_row,
    nullif(session ->> 'x-hasura-user-id', '')::integer,
    session ->> 'x-hasura-role');
  perform set_config('audit.writing', '', true);
  return null;
end
$function$;
comment on function audit_row() is 'Trigger: appends the change to audit_log; argument = key column name.';
