CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if tg_op = 'INSERT' and pg_trigger_depth() > 1 and current_setting('audit.writing', true) = 'on' then
    return new;
  end if;
  raise exception 'The audit log is append-only: its rows are written by the audit trigger and never changed or deleted.'
    using errcode = 'check_violation';
end
$function$;
comment on function audit_log_append_only() is 'Trigger: refuses any write to audit_log but the audit trigger''s own insert.';
