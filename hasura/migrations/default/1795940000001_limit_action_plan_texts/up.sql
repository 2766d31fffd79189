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
    check (due_date is null or due_date between date '2000-01-01' and date '2099-12-31'),
  -- Whoever closes an activity sends closed_at (the web sends now()): never a time still to come.
  add constraint action_plan_activities_closed_at_past
    check (closed_at is null or closed_at <= now() + interval '5 minutes');

alter table public.indicator_responses
  add constraint indicator_responses_action_plan_characters
    check (action_plan is null or action_plan !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]');
