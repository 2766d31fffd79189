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

CREATE OR REPLACE FUNCTION public.audit_history(subject text, subject_id integer)
 RETURNS SETOF audit_log
 LANGUAGE sql
 STABLE
AS $function$
  select a.* from public.audit_log a
   where audit_history.subject = 'practice' and a.table_name in ('practices', 'organisations')
     and a.row_id = audit_history.subject_id::text
  union all
  select a.* from public.organisations o
   cross join lateral (values (o.physical_address_id), (o.postal_address_id), (o.billing_address_id)) addr (id)
   join public.audit_log a on a.table_name = 'addresses' and a.row_id = addr.id::text
   where audit_history.subject = 'practice' and o.id = audit_history.subject_id
  union all
  select a.* from public.accreditations c
   join public.audit_log a on a.table_name = 'accreditations' and a.row_id = c.id::text
   where audit_history.subject = 'practice' and c.practice_id = audit_history.subject_id
  union all
  select a.* from public.audit_log a
   where audit_history.subject = 'staff' and a.table_name = 'practice_staff'
     and a.row_id = audit_history.subject_id::text
  union all
  select a.* from public.audit_log a
   where audit_history.subject = 'assessment' and a.table_name = 'assessments'
     and a.row_id = audit_history.subject_id::text
  union all
  select a.* from public.assessment_status_changes s
   join public.audit_log a on a.table_name = 'assessment_status_changes' and a.row_id = s.id::text
   where audit_history.subject = 'assessment' and s.assessment_id = audit_history.subject_id
  union all
  select a.* from public.audit_log a
   where audit_history.subject = 'response' and a.table_name = 'indicator_responses'
     and a.row_id = audit_history.subject_id::text
  union all
  select a.* from public.audit_log a
   where audit_history.subject = 'user'
     and a.table_name in ('users', 'user_factors', 'account_security_events')
     and a.row_id = audit_history.subject_id::text
$function$;
comment on function audit_history(text,integer) is 'The audit_log entries of one record: subject practice, staff, assessment, response or user, and its id.';
