-- The action plan's texts are written through GraphQL (the 'Add activity' form, the reviewer's
-- Action plan textbox), so the database holds them to the domain's limits itself
-- (packages/domain: ACTIVITY_DESCRIPTION_MAX_LENGTH, ACTIVITY_RESPONSIBLE_MAX_LENGTH,
-- RECORD_DATE_RANGE, CONTROL_CHARACTERS): a write that skips the form cannot store more.
-- Control characters: C0 but TAB, LF and CR, DEL and C1 (NUL PostgreSQL refuses in text anyway);
-- the name responsible is one line, so TAB, LF and CR too.

alter table public.action_plan_activities
  add constraint action_plan_activities_description_length check (length(description) <= 2000),
  add constraint action_plan_activities_description_characters
    check (description !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'),
  add constraint action_plan_activities_responsible_text
    check (responsible is null or (length(responsible) <= 200
      and responsible !~ '[\u0001-\u001F\u007F-\u009F]')),
  add constraint action_plan_activities_due_date_range
    check (due_date is null or due_date between date '2000-01-01' and date '2099-12-31');

-- Whoever closes an activity sends closed_at (the web sends now()): through Hasura (any role but
-- the admin secret) never a time still to come, five minutes of clock skew allowed. A trigger, not
-- a CHECK: a CHECK must not read the clock (a restore or an owner's import of later data would
-- fail), and owner connections (seeds, the scale data) write what they say.
create or replace function public.action_plan_activities_guard() returns trigger
language plpgsql as $$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
begin
  if acting_role is not null and acting_role <> 'admin'
     and new.closed_at is distinct from (case when tg_op = 'UPDATE' then old.closed_at end)
     and new.closed_at > now() + interval '5 minutes' then
    raise exception 'an activity cannot be closed at a time still to come'
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;
comment on function public.action_plan_activities_guard() is
  'Trigger: through Hasura, an activity''s closed_at is never ahead of the clock (5 minutes of skew).';
create trigger action_plan_activities_guard before insert or update on public.action_plan_activities
  for each row execute function public.action_plan_activities_guard();

alter table public.indicator_responses
  add constraint indicator_responses_action_plan_characters
    check (action_plan is null or action_plan !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]');
