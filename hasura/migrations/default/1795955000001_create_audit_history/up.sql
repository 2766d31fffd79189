-- The history of one record as the back office reads it (issue 18, the audit trail panels): the
-- audit_log entries of a subject, which for a practice and an assessment span several tables.
-- Each branch reaches audit_log through its (table_name, row_id, changed_at desc) index; the
-- subject argument prunes the other branches, so reading one record's history stays an index
-- look-up however long the log grows. Tracked as a function returning audit_log rows, so its
-- permissions are audit_log's (QAM and provider admin only).
-- No SET clause, so PostgreSQL inlines it into the engine's query (the outer order and limit apply).
--   practice:   its practices and organisations rows, its physical, postal and billing addresses
--               (the ones it has now) and every accreditation (cycle) of the practice
--   staff:      the practice_staff row
--   assessment: the assessments row and its assessment_status_changes rows (responses have their own)
--   response:   the indicator_responses row
create index accreditations_practice_all_idx on public.accreditations (practice_id);

create function public.audit_history(subject text, subject_id integer)
returns setof public.audit_log
language sql stable
as $$
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
$$;
comment on function public.audit_history(text, integer) is
  'The audit_log entries of one record: subject practice, staff, assessment or response, and its id.';
