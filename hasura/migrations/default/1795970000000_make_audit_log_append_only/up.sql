-- The audit log is append-only (issue 28): no role, the engine's admin and run_sql included, can
-- change, delete or add history by hand. UPDATE, DELETE and TRUNCATE of audit_log are refused
-- outright; an INSERT only while public.audit_row() is writing its own row: the trigger raises a
-- transaction-local flag around that insert, and the guard also wants to be inside a trigger
-- (pg_trigger_depth() > 1), so a statement that sets the flag itself is refused all the same.
-- What the database's owner or a superuser can still do: disable these triggers or set
-- session_replication_role = replica, i.e. change the schema itself (docs/decisions/audit-trail.md).
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
$$;
comment on function public.audit_row() is 'Trigger: appends the change to audit_log; argument = key column name.';

create function public.audit_log_append_only() returns trigger
language plpgsql set search_path = pg_catalog, public as $$
begin
  if tg_op = 'INSERT' and pg_trigger_depth() > 1 and current_setting('audit.writing', true) = 'on' then
    return new;
  end if;
  raise exception 'The audit log is append-only: its rows are written by the audit trigger and never changed or deleted.'
    using errcode = 'check_violation';
end
$$;
comment on function public.audit_log_append_only() is
  'Trigger: refuses any write to audit_log but the audit trigger''s own insert.';

create trigger audit_log_append_only before insert or update or delete on public.audit_log
  for each row execute function public.audit_log_append_only();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function public.audit_log_append_only();
