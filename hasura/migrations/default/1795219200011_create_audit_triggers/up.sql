-- Who changed what: every insert, update and delete of business tables, with the acting user
-- taken from the session setting Hasura (and our actions service) sets: `hasura.user`.
create table public.audit_log (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id text,
  operation text not null check (operation in ('INSERT', 'UPDATE', 'DELETE')),
  old_data jsonb,
  new_data jsonb,
  changed_by_id integer,
  changed_by_role text,
  changed_at timestamptz not null default now()
);
comment on table public.audit_log is 'Trigger-written history of changes to business tables.';
create index audit_log_table_row_idx on public.audit_log (table_name, row_id, changed_at desc);
create index audit_log_changed_by_idx on public.audit_log (changed_by_id, changed_at desc);

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

do $$
declare
  audited text[][] := array[
    ['users', 'id'], ['surveyor_profiles', 'user_id'], ['addresses', 'id'], ['organisations', 'id'],
    ['practice_networks', 'id'], ['practices', 'organisation_id'], ['practice_users', 'id'], ['contacts', 'id'],
    ['survey_versions', 'id'], ['accreditations', 'id'], ['survey_visits', 'id'], ['survey_visitors', 'id'],
    ['preferred_days', 'id'], ['reapplications', 'id'], ['folders', 'id'], ['documents', 'id'],
    ['practice_staff', 'id'], ['invitations', 'id'], ['indicator_sets', 'id'], ['indicators', 'id'],
    ['checklists', 'id'], ['checklist_items', 'id'], ['indicator_resources', 'id'], ['assessments', 'id'],
    ['assessment_submissions', 'id'], ['confidentiality_signs', 'id'], ['indicator_responses', 'id'],
    ['action_plan_activities', 'id'], ['comments', 'id'], ['general_comments', 'id'], ['review_history', 'id'],
    ['certificates', 'id']];
  pair text[];
begin
  foreach pair slice 1 in array audited loop
    execute format(
      'create trigger %I after insert or update or delete on public.%I for each row execute function public.audit_row(%L)',
      pair[1] || '_audit', pair[1], pair[2]);
  end loop;
end
$$;
