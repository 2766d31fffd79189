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
