CREATE OR REPLACE FUNCTION public.audit_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  -- Secrets never enter the log; nor do a second factor's lock counters and replay guard, which
  -- change at every code typed (the events table says what happened).
  hidden text[] := array['password_hash', 'refresh_token_hash', 'token_hash', 'totp_secret', 'code_hash',
    'last_code_step', 'last_code_at', 'code_failures', 'code_failures_since', 'code_locked_until'];
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

-- Passkeys go: their events and rows are archived history, so this refuses while any exists.
alter table public.account_security_events
  drop constraint account_security_events_method_known,
  add constraint account_security_events_method_known check (method in ('totp', 'recovery_code', 'password')),
  drop constraint account_security_events_event_known,
  add constraint account_security_events_event_known check (event in (
    'SIGNED_IN_WITH_FACTOR', 'WRONG_CODE', 'FACTOR_LOCKED', 'RECOVERY_CODE_USED', 'RECOVERY_CODES_ISSUED',
    'FACTORS_RESET', 'SESSION_ENDED', 'SIGNED_IN', 'SIGN_IN_FAILED'));
drop table public.webauthn_challenges;
drop index public.user_factors_passkey_credential_id_key;
drop index public.user_factors_one_live_totp_per_user;
create unique index user_factors_one_live_per_user on public.user_factors (user_id) where removed_at is null;
alter table public.user_factors
  drop constraint user_factors_passkey_transports_known,
  drop constraint user_factors_passkey_sign_count_check,
  drop constraint user_factors_passkey_public_key_size,
  drop constraint user_factors_passkey_credential_id_format,
  drop constraint user_factors_kind_fields,
  drop constraint user_factors_label_control_characters,
  drop constraint user_factors_label_known,
  add constraint user_factors_label_known check (label in ('Authenticator app')),
  drop constraint user_factors_kind_known,
  add constraint user_factors_kind_known check (kind in ('totp')),
  drop column passkey_transports,
  drop column passkey_sign_count,
  drop column passkey_public_key,
  drop column passkey_credential_id,
  alter column totp_secret set not null;
comment on table public.user_factors is
  'Second factors of sign-in (an authenticator app: its TOTP secret); archived by removed_at. Read by the actions service only.';
