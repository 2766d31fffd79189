drop trigger audit_log_no_truncate on public.audit_log;
drop trigger audit_log_append_only on public.audit_log;
drop function public.audit_log_append_only();

create or replace function public.audit_row() returns trigger
language plpgsql security definer set search_path = pg_catalog, public as $$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  -- Secrets never enter the log.
  hidden text[] := array['password_hash', 'refresh_token_hash', 'token_hash'];
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - hidden end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - hidden end;
  key_column text := tg_argv[0];
begin
  if tg_op = 'UPDATE' and old_row = new_row then
    return null;
  end if;
  insert into public.audit_log (table_name, row_id, operation, old_data, new_data, changed_by_id, changed_by_role)
  values (
    tg_table_name,
    coalesce(new_row, old_row) ->> key_column,
    tg_op,
    old_row,
    new_row,
    nullif(session ->> 'x-hasura-user-id', '')::integer,
    session ->> 'x-hasura-role');
  return null;
end
$$;
comment on function public.audit_row() is 'Trigger: appends the change to audit_log; argument = key column name.';
