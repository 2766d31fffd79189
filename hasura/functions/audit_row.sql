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
