-- The schema as fifty migrations had made it by this version, squashed into one
-- (docs/decisions/data-model.md, "A baseline, not fifty migrations"; written by
-- hasura/scripts/squash-migrations.ts from pg_dump). The live body of each function is also
-- in hasura/functions/<name>.sql; later changes are later migrations.

create extension if not exists citext with schema public;
create extension if not exists pg_trgm with schema public;
-- SQL-language functions refer to tables made further down.
set local check_function_bodies = false;

-- type assessment_access
CREATE TYPE public.assessment_access AS (
	is_pm boolean,
	is_su boolean,
	is_visitor boolean,
	back_office_role text,
	has_submitted boolean
);

-- comment TYPE assessment_access
COMMENT ON TYPE public.assessment_access IS 'Who a user is on an assessment: PM or SU of its practice, accepted visitor on its visit, back-office role, submitted.';

-- function current_app_user_id()
CREATE FUNCTION public.current_app_user_id() RETURNS integer
    LANGUAGE sql STABLE
    AS $$
  select nullif(nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-user-id', '')::integer
$$;

-- comment FUNCTION current_app_user_id()
COMMENT ON FUNCTION public.current_app_user_id() IS 'User id of the acting session (hasura.user), or null.';

-- table assessments
CREATE TABLE public.assessments (
    id integer NOT NULL,
    accreditation_id integer NOT NULL,
    survey_visit_id integer,
    type text NOT NULL,
    status text DEFAULT 'IN_PROGRESS'::text NOT NULL,
    due_date date,
    action_plan_due date,
    copied_from_assessment_id integer,
    last_updated_by_id integer DEFAULT public.current_app_user_id(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    repeat_assessment_required boolean,
    CONSTRAINT assessments_status_fits_type CHECK ((((type = 'PRESURVEY'::text) AND (status = ANY (ARRAY['IN_PROGRESS'::text, 'UNDER_REVIEW'::text, 'COMPLETED'::text]))) OR ((type = 'SURVEY_VISIT'::text) AND (status <> 'COMPLETED'::text)))),
    CONSTRAINT assessments_visit_matches_type CHECK (((type = 'SURVEY_VISIT'::text) = (survey_visit_id IS NOT NULL)))
);

-- comment TABLE assessments
COMMENT ON TABLE public.assessments IS 'A self assessment (PRESURVEY) or survey visit assessment of an accreditation.';

-- comment COLUMN assessments.repeat_assessment_required
COMMENT ON COLUMN public.assessments.repeat_assessment_required IS 'Set at approval: 20 % or more of the mandatory indicators were NOT_MET at the initial survey.';

-- function access_to_assessment(public.assessments, json)
CREATE FUNCTION public.access_to_assessment(a public.assessments, hasura_session json) RETURNS public.assessment_access
    LANGUAGE sql STABLE
    AS $$
  select public.has_practice_role(s.user_id, acc.practice_id, 'PM'),
         public.has_practice_role(s.user_id, acc.practice_id, 'SU'),
         exists (select 1 from public.survey_visits v
                   join public.survey_visitors sv on sv.survey_visit_id = v.id
                  where v.id = a.survey_visit_id and not v.archived
                    and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
         -- The request's role, as userPermissions reads it (the admin secret counts as a provider admin).
         case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                     when 'admin' then 'provider_admin' end,
         exists (select 1 from public.assessment_submissions sub
                  where sub.assessment_id = a.id and sub.user_id = s.user_id and sub.withdrawn_at is null)
    from public.accreditations acc,
         lateral (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                         public.portal_role(hasura_session) as role) s
   where acc.id = a.accreditation_id
$$;

-- comment FUNCTION access_to_assessment(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.access_to_assessment(a public.assessments, hasura_session json) IS 'Who the session''s user is on the assessment (see the type assessment_access); only live submissions count.';

-- function action_plan_activities_guard()
CREATE FUNCTION public.action_plan_activities_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

-- comment FUNCTION action_plan_activities_guard()
COMMENT ON FUNCTION public.action_plan_activities_guard() IS 'Trigger: through Hasura, an activity''s closed_at is never ahead of the clock (5 minutes of skew).';

-- function add_business_days(date, integer)
CREATE FUNCTION public.add_business_days(start date, days integer) RETURNS date
    LANGUAGE sql STABLE
    AS $$
  select d::date
    from generate_series(start + 1, start + 30 + days * 2, interval '1 day') as d
   where extract(isodow from d) < 6
     and not exists (select 1 from public.public_holidays h where h.day = d::date)
   order by d
  offset greatest(days, 1) - 1
   limit 1
$$;

-- comment FUNCTION add_business_days(start date, days integer)
COMMENT ON FUNCTION public.add_business_days(start date, days integer) IS 'The date a number of business days (weekdays that are not public holidays) after a start date.';

-- function assessment_can_add_action_plan_activity(public.assessments, json)
CREATE FUNCTION public.assessment_can_add_action_plan_activity(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.can_add_action_plan_activity(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;

-- comment FUNCTION assessment_can_add_action_plan_activity(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_can_add_action_plan_activity(a public.assessments, hasura_session json) IS 'Computed field can_add_action_plan_activity (rules only).';

-- function assessment_can_change(public.assessments, json)
CREATE FUNCTION public.assessment_can_change(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.can_write_assessment_comments(a.type, a.status, public.assessment_flags(x),
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;

-- comment FUNCTION assessment_can_change(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_can_change(a public.assessments, hasura_session json) IS 'Computed field can_change (rules only): comments may be written (canWriteAssessmentComments: after signing while a survey is in progress).';

-- function assessment_can_change_action_plan(public.assessments, json)
CREATE FUNCTION public.assessment_can_change_action_plan(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.can_change_action_plan(a.type, a.status, public.assessment_flags(x))
    from public.access_to_assessment(a, hasura_session) x
$$;

-- comment FUNCTION assessment_can_change_action_plan(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_can_change_action_plan(a public.assessments, hasura_session json) IS 'Computed field can_change_action_plan (rules only): non-conformities and activities may be opened or closed.';

-- function assessment_can_read_responses(public.assessments, json)
CREATE FUNCTION public.assessment_can_read_responses(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select (x.is_pm or x.is_su or x.back_office_role is not null)
     and public.can_read_assessment_findings(a.type, a.status, public.assessment_flags(x),
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;

-- comment FUNCTION assessment_can_read_responses(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_can_read_responses(a public.assessments, hasura_session json) IS 'Computed field can_read_responses (rules only): responses, summaries, comments, counts, locks and activities are readable (canReadAssessmentFindings: after signing while a survey is in progress).';

-- function assessment_can_write_own_summary(public.assessments, json)
CREATE FUNCTION public.assessment_can_write_own_summary(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.can_write_surveyor_summary(a.type, a.status, public.assessment_flags(x), x.has_submitted, true,
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;

-- comment FUNCTION assessment_can_write_own_summary(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_can_write_own_summary(a public.assessments, hasura_session json) IS 'Computed field can_write_own_summary (rules only): the user may write a surveyor summary of their own (canWriteSurveyorSummary).';

-- function assessment_can_write_responses(public.assessments, json)
CREATE FUNCTION public.assessment_can_write_responses(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.can_write_assessment_findings(a.type, a.status, public.assessment_flags(x), x.has_submitted,
           public.assessment_has_signed(a, hasura_session))
    from public.access_to_assessment(a, hasura_session) x
$$;

-- comment FUNCTION assessment_can_write_responses(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_can_write_responses(a public.assessments, hasura_session json) IS 'Computed field can_write_responses (rules only): responses and locks may be written (canWriteAssessmentFindings: after signing while a survey is in progress); indicator_responses_guard narrows ACTION_REQUIRED.';

-- function assessment_flags(public.assessment_access)
CREATE FUNCTION public.assessment_flags(x public.assessment_access) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    AS $$
  select public.permission_flags(x.is_pm, x.is_su, x.is_visitor, x.back_office_role)
$$;

-- comment FUNCTION assessment_flags(x public.assessment_access)
COMMENT ON FUNCTION public.assessment_flags(x public.assessment_access) IS 'The flags of that access.';

-- function assessment_has_signed(public.assessments, json)
CREATE FUNCTION public.assessment_has_signed(a public.assessments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select exists (select 1 from public.confidentiality_signs cs
                  where cs.assessment_id = a.id
                    and cs.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer)
$$;

-- comment FUNCTION assessment_has_signed(a public.assessments, hasura_session json)
COMMENT ON FUNCTION public.assessment_has_signed(a public.assessments, hasura_session json) IS 'Has the session''s user signed the assessment''s confidentiality agreement?';

-- table audit_log
CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    table_name text NOT NULL,
    row_id text,
    operation text NOT NULL,
    old_data jsonb,
    new_data jsonb,
    changed_by_id integer,
    changed_by_role text,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT audit_log_operation_check CHECK ((operation = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text])))
);

-- comment TABLE audit_log
COMMENT ON TABLE public.audit_log IS 'Trigger-written history of changes to business tables.';

-- function audit_history(text, integer)
CREATE FUNCTION public.audit_history(subject text, subject_id integer) RETURNS SETOF public.audit_log
    LANGUAGE sql STABLE
    AS $$
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

-- comment FUNCTION audit_history(subject text, subject_id integer)
COMMENT ON FUNCTION public.audit_history(subject text, subject_id integer) IS 'The audit_log entries of one record: subject practice, staff, assessment or response, and its id.';

-- function audit_log_append_only()
CREATE FUNCTION public.audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public'
    AS $$
begin
  if tg_op = 'INSERT' and pg_trigger_depth() > 1 and current_setting('audit.writing', true) = 'on' then
    return new;
  end if;
  raise exception 'The audit log is append-only: its rows are written by the audit trigger and never changed or deleted.'
    using errcode = 'check_violation';
end
$$;

-- comment FUNCTION audit_log_append_only()
COMMENT ON FUNCTION public.audit_log_append_only() IS 'Trigger: refuses any write to audit_log but the audit trigger''s own insert.';

-- function audit_row()
CREATE FUNCTION public.audit_row() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public'
    AS $$
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

-- comment FUNCTION audit_row()
COMMENT ON FUNCTION public.audit_row() IS 'Trigger: appends the change to audit_log; argument = key column name.';

-- function can_add_action_plan_activity(text, text, jsonb)
CREATE FUNCTION public.can_add_action_plan_activity(a_type text, a_status text, flags jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select a_type = 'SURVEY_VISIT' and a_status = 'ACTION_REQUIRED'
     and public.flag(flags, 'indicatorResponse.addActivityToSurveyActionPlan')
$$;

-- comment FUNCTION can_add_action_plan_activity(a_type text, a_status text, flags jsonb)
COMMENT ON FUNCTION public.can_add_action_plan_activity(a_type text, a_status text, flags jsonb) IS 'Domain canAddActionPlanActivity.';

-- function can_change_action_plan(text, text, jsonb)
CREATE FUNCTION public.can_change_action_plan(a_type text, a_status text, flags jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select a_type = 'SURVEY_VISIT' and a_status = 'ACTION_REQUIRED' and public.flag(flags, 'assessment.changeActionPlan')
$$;

-- comment FUNCTION can_change_action_plan(a_type text, a_status text, flags jsonb)
COMMENT ON FUNCTION public.can_change_action_plan(a_type text, a_status text, flags jsonb) IS 'Domain canChangeActionPlan.';

-- function can_change_assessment(text, text, jsonb)
CREATE FUNCTION public.can_change_assessment(a_type text, a_status text, flags jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'practice.changePractice')
      when 'COMPLETED' then public.flag(flags, 'practice.changePractice')
      when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeSelfAssessmentUnderReview')
      else false end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress')
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress')
        or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
      when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeSurveyUnderReview')
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
      when 'APPROVED' then public.flag(flags, 'assessment.certifySurvey')
      when 'CERTIFIED' then public.flag(flags, 'practice.changePractice')
      else false end
  end
$$;

-- comment FUNCTION can_change_assessment(a_type text, a_status text, flags jsonb)
COMMENT ON FUNCTION public.can_change_assessment(a_type text, a_status text, flags jsonb) IS 'Domain canChangeAssessment.';

-- function can_change_assessment_inputs(text, text, jsonb, boolean)
CREATE FUNCTION public.can_change_assessment_inputs(a_type text, a_status text, flags jsonb, has_submitted boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'COMPLETED' then public.flag(flags, 'assessment.changeSelfAssessmentComplete')
      else public.can_change_assessment(a_type, a_status, flags) end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
        and public.flag(flags, 'assessment.changeSurveyUnderReview')
      when 'CERTIFIED' then false
      else public.can_change_assessment(a_type, a_status, flags) end
  end
$$;

-- comment FUNCTION can_change_assessment_inputs(a_type text, a_status text, flags jsonb, has_submitted boolean)
COMMENT ON FUNCTION public.can_change_assessment_inputs(a_type text, a_status text, flags jsonb, has_submitted boolean) IS 'Domain canChangeAssessmentInputs.';

-- function can_edit_surveyor_summary(text, jsonb, boolean, boolean)
CREATE FUNCTION public.can_edit_surveyor_summary(a_status text, flags jsonb, has_submitted boolean, is_author boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case a_status
    when 'IN_PROGRESS' then (is_author and public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted)
      or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'PARTIALLY_SUBMITTED' then (is_author and public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted)
      or public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'UNDER_REVIEW' then public.flag(flags, 'assessment.changeOtherSurveyorSummary')
    when 'ACTION_REQUIRED' then (is_author or public.flag(flags, 'assessment.changeOtherSurveyorSummary'))
      and public.flag(flags, 'assessment.changeActionPlan')
    else false
  end
$$;

-- comment FUNCTION can_edit_surveyor_summary(a_status text, flags jsonb, has_submitted boolean, is_author boolean)
COMMENT ON FUNCTION public.can_edit_surveyor_summary(a_status text, flags jsonb, has_submitted boolean, is_author boolean) IS 'Domain canEditSurveyorSummary.';

-- function can_read_assessment_findings(text, text, jsonb, boolean)
CREATE FUNCTION public.can_read_assessment_findings(a_type text, a_status text, flags jsonb, has_signed boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select public.can_read_assessment_responses(a_type, a_status, flags)
     and (a_type = 'PRESURVEY' or a_status <> 'IN_PROGRESS' or has_signed
          or public.flag(flags, 'assessment.changeSurveyUnderReview'))
$$;

-- comment FUNCTION can_read_assessment_findings(a_type text, a_status text, flags jsonb, has_signed boolean)
COMMENT ON FUNCTION public.can_read_assessment_findings(a_type text, a_status text, flags jsonb, has_signed boolean) IS 'Domain canReadAssessmentFindings.';

-- function can_read_assessment_responses(text, text, jsonb)
CREATE FUNCTION public.can_read_assessment_responses(a_type text, a_status text, flags jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select a_type = 'PRESURVEY' or not public.is_assessment_locked(a_type, a_status, flags)
$$;

-- comment FUNCTION can_read_assessment_responses(a_type text, a_status text, flags jsonb)
COMMENT ON FUNCTION public.can_read_assessment_responses(a_type text, a_status text, flags jsonb) IS 'Domain canReadAssessmentResponses.';

-- function can_write_assessment_comments(text, text, jsonb, boolean)
CREATE FUNCTION public.can_write_assessment_comments(a_type text, a_status text, flags jsonb, has_signed boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select public.can_change_assessment(a_type, a_status, flags)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$$;

-- comment FUNCTION can_write_assessment_comments(a_type text, a_status text, flags jsonb, has_signed boolean)
COMMENT ON FUNCTION public.can_write_assessment_comments(a_type text, a_status text, flags jsonb, has_signed boolean) IS 'Domain canWriteAssessmentComments.';

-- function can_write_assessment_findings(text, text, jsonb, boolean, boolean)
CREATE FUNCTION public.can_write_assessment_findings(a_type text, a_status text, flags jsonb, has_submitted boolean, has_signed boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select public.can_write_assessment_responses(a_type, a_status, flags, has_submitted)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$$;

-- comment FUNCTION can_write_assessment_findings(a_type text, a_status text, flags jsonb, has_submitted boolean, has_signed boolean)
COMMENT ON FUNCTION public.can_write_assessment_findings(a_type text, a_status text, flags jsonb, has_submitted boolean, has_signed boolean) IS 'Domain canWriteAssessmentFindings.';

-- function can_write_assessment_responses(text, text, jsonb, boolean)
CREATE FUNCTION public.can_write_assessment_responses(a_type text, a_status text, flags jsonb, has_submitted boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select public.can_change_assessment_inputs(a_type, a_status, flags, has_submitted)
      or public.can_change_action_plan(a_type, a_status, flags)
$$;

-- comment FUNCTION can_write_assessment_responses(a_type text, a_status text, flags jsonb, has_submitted boolean)
COMMENT ON FUNCTION public.can_write_assessment_responses(a_type text, a_status text, flags jsonb, has_submitted boolean) IS 'Domain canWriteAssessmentResponses: the inputs, or the non-conformity status while action is required.';

-- function can_write_surveyor_summary(text, text, jsonb, boolean, boolean, boolean)
CREATE FUNCTION public.can_write_surveyor_summary(a_type text, a_status text, flags jsonb, has_submitted boolean, is_author boolean, has_signed boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select a_type = 'SURVEY_VISIT'
     and public.can_edit_surveyor_summary(a_status, flags, has_submitted, is_author)
     and public.can_read_assessment_findings(a_type, a_status, flags, has_signed)
$$;

-- comment FUNCTION can_write_surveyor_summary(a_type text, a_status text, flags jsonb, has_submitted boolean, is_author boolean, has_signed boolean)
COMMENT ON FUNCTION public.can_write_surveyor_summary(a_type text, a_status text, flags jsonb, has_submitted boolean, is_author boolean, has_signed boolean) IS 'Domain canWriteSurveyorSummary.';

-- table certificates
CREATE TABLE public.certificates (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    accreditation_id integer,
    assessment_id integer,
    type text DEFAULT 'ACCREDITATION'::text NOT NULL,
    validity text DEFAULT 'VALID'::text NOT NULL,
    name text NOT NULL,
    issuing_provider text NOT NULL,
    storage_key text,
    certification_date date NOT NULL,
    issue_date date NOT NULL,
    commencement_date date,
    expiry_date date NOT NULL,
    condition text,
    certified_by_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    has_file boolean GENERATED ALWAYS AS ((storage_key IS NOT NULL)) STORED,
    certificate_number text,
    verification_code text,
    superseded_at timestamp with time zone,
    superseded_by_id integer,
    issued_by_id integer,
    storage_key_a4 text,
    CONSTRAINT certificates_condition_control_characters CHECK ((condition !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT certificates_expiry_after_issue CHECK ((expiry_date > issue_date)),
    CONSTRAINT certificates_issue_not_before_certification CHECK ((issue_date >= certification_date)),
    CONSTRAINT certificates_issuing_provider_control_characters CHECK ((issuing_provider !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT certificates_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT certificates_verification_code_check CHECK (((verification_code IS NULL) OR (verification_code ~ '^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$'::text)))
);

-- comment TABLE certificates
COMMENT ON TABLE public.certificates IS 'Certificates of accreditation (and registration, extension) issued to practices.';

-- comment COLUMN certificates.has_file
COMMENT ON COLUMN public.certificates.has_file IS 'The certificate''s PDF is in storage (storage_key is set).';

-- comment COLUMN certificates.certificate_number
COMMENT ON COLUMN public.certificates.certificate_number IS 'The number printed on the certificate.';

-- comment COLUMN certificates.verification_code
COMMENT ON COLUMN public.certificates.verification_code IS 'Public code (XXXX-XXXX-XXXX) that /verify/:code checks.';

-- comment COLUMN certificates.storage_key_a4
COMMENT ON COLUMN public.certificates.storage_key_a4 IS 'Object key of the A4 PDF (storage_key holds the A3 one).';

-- function certificate_can_read(public.certificates, json)
CREATE FUNCTION public.certificate_can_read(c public.certificates, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then c.validity = 'VALID' and exists (
             select 1 from public.practices p
               join public.practice_users pu on pu.practice_id = p.organisation_id
              where p.organisation_id = c.practice_id and p.active_status = 'ACTIVE'
                and pu.user_id = s.user_id and pu.active)
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$$;

-- comment FUNCTION certificate_can_read(c public.certificates, hasura_session json)
COMMENT ON FUNCTION public.certificate_can_read(c public.certificates, hasura_session json) IS 'Computed field can_read (rules only): the session may read the certificate, and so download its file.';

-- function documents_name_guard()
CREATE FUNCTION public.documents_name_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare
  new_name text := public.trim_white_space(new.name);
  extension text := public.file_extension(old.name);
begin
  if new_name = '' then
    raise exception using errcode = 'check_violation', message = 'A document needs a name';
  end if;
  if length(new_name) > 255 then
    raise exception using errcode = 'check_violation',
      message = 'The file name is too long (at most 255 characters)';
  end if;
  if public.file_extension(new_name) <> extension then
    raise exception using errcode = 'check_violation',
      message = case when extension = '' then 'A document keeps its file type: its name cannot take an extension'
                     else 'A document keeps its file type: its name must end in .' || extension end;
  end if;
  new.name := new_name;
  return new;
end
$$;

-- comment FUNCTION documents_name_guard()
COMMENT ON FUNCTION public.documents_name_guard() IS 'Trigger: a renamed document keeps the upload''s name rules and its extension (domain checkDocumentRename).';

-- function file_extension(text)
CREATE FUNCTION public.file_extension(file_name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    AS $_$
  select coalesce(lower(substring(file_name from '^.+\.([^.]+)$')), '')
$_$;

-- comment FUNCTION file_extension(file_name text)
COMMENT ON FUNCTION public.file_extension(file_name text) IS 'The extension of a file name, lower case without the dot, '''' when there is none (domain fileExtension).';

-- function flag(jsonb, text)
CREATE FUNCTION public.flag(flags jsonb, name text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select coalesce((flags #>> string_to_array(name, '.'))::boolean, false)
$$;

-- comment FUNCTION flag(flags jsonb, name text)
COMMENT ON FUNCTION public.flag(flags jsonb, name text) IS 'One flag of permission_flags(), by its domain name (assessment.certifySurvey).';

-- table general_comments
CREATE TABLE public.general_comments (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    user_id integer NOT NULL,
    text text DEFAULT ''::text NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT general_comments_text_control_characters CHECK ((text !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE general_comments
COMMENT ON TABLE public.general_comments IS 'Surveyor summaries of a survey visit, one per surveyor.';

-- function general_comment_can_edit(public.general_comments, json)
CREATE FUNCTION public.general_comment_can_edit(g public.general_comments, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.can_write_surveyor_summary(a.type, a.status, public.assessment_flags(x), x.has_submitted,
           g.user_id = nullif(hasura_session ->> 'x-hasura-user-id', '')::integer,
           public.assessment_has_signed(a, hasura_session))
    from public.assessments a, public.access_to_assessment(a, hasura_session) x
   where a.id = g.assessment_id
$$;

-- comment FUNCTION general_comment_can_edit(g public.general_comments, hasura_session json)
COMMENT ON FUNCTION public.general_comment_can_edit(g public.general_comments, hasura_session json) IS 'Computed field can_edit (rules only): the user may change this surveyor summary (canWriteSurveyorSummary).';

-- function has_practice_role(integer, integer, text)
CREATE FUNCTION public.has_practice_role(user_id integer, practice_id integer, role text) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select exists (
    select 1 from public.practice_users pu
      join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = has_practice_role.user_id
       and pu.practice_id = has_practice_role.practice_id
       and pu.role = has_practice_role.role
       and pu.active
       and p.active_status = 'ACTIVE')
$$;

-- comment FUNCTION has_practice_role(user_id integer, practice_id integer, role text)
COMMENT ON FUNCTION public.has_practice_role(user_id integer, practice_id integer, role text) IS 'Whether the user holds the practice role (PM or SU) on the practice: an active row on an ACTIVE practice.';

-- function indicator_lock_lifetime()
CREATE FUNCTION public.indicator_lock_lifetime() RETURNS interval
    LANGUAGE sql IMMUTABLE
    AS $$ select interval '2 minutes' $$;

-- comment FUNCTION indicator_lock_lifetime()
COMMENT ON FUNCTION public.indicator_lock_lifetime() IS 'How long an indicator lock lives after it is taken or renewed.';

-- function indicator_locks_set_expiry()
CREATE FUNCTION public.indicator_locks_set_expiry() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
begin
  if acting_role is not null and acting_role <> 'admin' then
    new.expires_at := now() + public.indicator_lock_lifetime();
  end if;
  return new;
end
$$;

-- comment FUNCTION indicator_locks_set_expiry()
COMMENT ON FUNCTION public.indicator_locks_set_expiry() IS 'Trigger: a lock taken or renewed by a request expires indicator_lock_lifetime() from now.';

-- table indicator_resources
CREATE TABLE public.indicator_resources (
    id integer NOT NULL,
    indicator_id integer,
    name text NOT NULL,
    file_type text,
    storage_key text,
    url text,
    for_pm boolean DEFAULT false NOT NULL,
    for_surveyor boolean DEFAULT false NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    kind text DEFAULT 'INDICATOR'::text NOT NULL,
    category text,
    description text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT indicator_resources_category CHECK (((category IS NULL) OR ((length(btrim(category)) >= 1) AND (length(btrim(category)) <= 60)))),
    CONSTRAINT indicator_resources_category_control_characters CHECK ((category !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_resources_description CHECK (((description IS NULL) OR (length(description) <= 500))),
    CONSTRAINT indicator_resources_description_control_characters CHECK ((description !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_resources_file_or_url CHECK (((storage_key IS NULL) <> (url IS NULL))),
    CONSTRAINT indicator_resources_file_type_control_characters CHECK ((file_type !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_resources_general_category CHECK (((kind = 'INDICATOR'::text) OR (category IS NOT NULL))),
    CONSTRAINT indicator_resources_kind CHECK ((kind = ANY (ARRAY['INDICATOR'::text, 'RESOURCE'::text, 'FACTSHEET'::text]))),
    CONSTRAINT indicator_resources_kind_indicator CHECK (((kind = 'INDICATOR'::text) = (indicator_id IS NOT NULL))),
    CONSTRAINT indicator_resources_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_resources_url_check CHECK ((url ~ '^https?://'::text)),
    CONSTRAINT indicator_resources_url_control_characters CHECK ((url !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE indicator_resources
COMMENT ON TABLE public.indicator_resources IS 'Guidance: a file or a link, for practices and/or surveyors; on an indicator (kind INDICATOR) or on the Resources and Factsheets pages.';

-- comment COLUMN indicator_resources.kind
COMMENT ON COLUMN public.indicator_resources.kind IS 'INDICATOR (shown on its indicator), RESOURCE (/Resources) or FACTSHEET (/Factsheets).';

-- function indicator_resource_can_read(public.indicator_resources, json)
CREATE FUNCTION public.indicator_resource_can_read(r public.indicator_resources, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then not r.archived and (
             (r.for_pm and exists (
                select 1 from public.practice_users pu
                 where pu.user_id = s.user_id and pu.role = 'PM' and pu.active))
             or (r.for_surveyor and exists (
                select 1 from public.users u
                 where u.id = s.user_id
                   and (u.is_surveyor or exists (
                          select 1 from public.practice_users pu
                           where pu.user_id = u.id and pu.role = 'SU' and pu.active)))))
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$$;

-- comment FUNCTION indicator_resource_can_read(r public.indicator_resources, hasura_session json)
COMMENT ON FUNCTION public.indicator_resource_can_read(r public.indicator_resources, hasura_session json) IS 'Computed field can_read (rules only): the session may read the resource (spec 002 §2), and so download its file.';

-- function indicator_responses_guard()
CREATE FUNCTION public.indicator_responses_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  acting_role text := session ->> 'x-hasura-role';
  actor integer := nullif(session ->> 'x-hasura-user-id', '')::integer;
  -- A request through Hasura (or the actions service on a user's behalf), not the admin secret.
  is_request boolean := acting_role is not null and acting_role <> 'admin';
  -- Columns the server keeps; never counted as a change the user made.
  stamps text[] := array['date_closed', 'nc_status_created_by_id', 'last_updated_by_id', 'updated_at'];
  has_statement boolean;
  target public.assessments;
begin
  has_statement := length(trim(coalesce(new.non_compliance_statement, ''))) > 0;
  if acting_role = 'user' then
    select * into target from public.assessments where id = new.assessment_id;
    if tg_op = 'INSERT' then
      -- An upsert of an existing response is guarded by the update that follows the conflict.
      if not exists (select 1 from public.indicator_responses r
                      where r.assessment_id = new.assessment_id and r.indicator_id = new.indicator_id) then
        if target.status = 'ACTION_REQUIRED' then
          raise exception 'while action is required, only the non-conformity status of a response may be changed'
            using errcode = 'check_violation';
        end if;
        if new.non_conformity_status is distinct from 'OPEN' or new.refer_to_ca then
          raise exception 'only a surveyor on the practice may open or close a non-conformity, while action is required'
            using errcode = 'check_violation';
        end if;
      end if;
    else
      if new.non_conformity_status is distinct from old.non_conformity_status
         and not public.assessment_can_change_action_plan(target, session) then
        raise exception 'only a surveyor on the practice may open or close a non-conformity, while action is required'
          using errcode = 'check_violation';
      end if;
      if new.refer_to_ca is distinct from old.refer_to_ca
         and not public.assessment_can_change_action_plan(target, session) then
        raise exception 'only a surveyor on the practice may refer a non-conformity to the certification authority, while action is required'
          using errcode = 'check_violation';
      end if;
      if target.status = 'ACTION_REQUIRED'
         and (to_jsonb(new) - stamps - 'non_conformity_status' - 'refer_to_ca')
             is distinct from (to_jsonb(old) - stamps - 'non_conformity_status' - 'refer_to_ca') then
        raise exception 'while action is required, only the non-conformity status and the referral of a response may be changed'
          using errcode = 'check_violation';
      end if;
    end if;
  end if;

  if not is_request then
    return new;
  end if;
  if new.non_conformity_status is distinct from 'CLOSED' then
    new.date_closed := null;
  elsif tg_op = 'UPDATE' and old.non_conformity_status = 'CLOSED' then
    new.date_closed := old.date_closed;
  else
    new.date_closed := public.portal_today();
  end if;
  if not has_statement then
    new.nc_status_created_by_id := null;
  elsif tg_op = 'UPDATE' and old.nc_status_created_by_id is not null then
    new.nc_status_created_by_id := old.nc_status_created_by_id;
  else
    new.nc_status_created_by_id := actor;
  end if;
  new.last_updated_by_id := actor;
  return new;
end
$$;

-- comment FUNCTION indicator_responses_guard()
COMMENT ON FUNCTION public.indicator_responses_guard() IS 'Trigger: role user changes only the non-conformity status and the referral in ACTION_REQUIRED (assessment_can_change_action_plan); stamps date_closed, nc_status_created_by_id, last_updated_by_id.';

-- function is_assessment_locked(text, text, jsonb)
CREATE FUNCTION public.is_assessment_locked(a_type text, a_status text, flags jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when a_type = 'PRESURVEY' then a_status = 'UNDER_REVIEW'
      and not public.flag(flags, 'assessment.changeSelfAssessmentUnderReview')
    when a_status = 'UNDER_REVIEW' then not public.flag(flags, 'assessment.viewSurveyUnderReview')
    when a_status in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED') then not public.flag(flags, 'assessment.changeSurveyInProgress')
    else false
  end
$$;

-- comment FUNCTION is_assessment_locked(a_type text, a_status text, flags jsonb)
COMMENT ON FUNCTION public.is_assessment_locked(a_type text, a_status text, flags jsonb) IS 'Domain isAssessmentLocked.';

-- function permission_flags(boolean, boolean, boolean, text)
CREATE FUNCTION public.permission_flags(is_pm boolean, is_su boolean, is_visitor boolean, back_office_role text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    AS $$
  -- PERMISSION_FLAG_TABLE, row for row: grant(practice manager, surveyor, qam, provider admin).
  -- A surveyor holds changeSurveyInProgress only as a visitor on the visit in question.
  select jsonb_object_agg(grp, flags)
    from (
      select grp, jsonb_object_agg(flag,
               (is_pm and pm)
               or (is_su and su and (is_visitor or flag <> 'changeSurveyInProgress'))
               or (back_office_role is not distinct from 'qam' and qam)
               or (back_office_role is not distinct from 'provider_admin' and pa)) as flags
        from (values
          ('assessment', 'changeSelfAssessmentUnderReview', false, false, true, true),
          ('assessment', 'changeSelfAssessmentComplete', false, false, true, true),
          ('assessment', 'changeSurveyInProgress', false, true, true, true),
          ('assessment', 'changeSurveyUnderReview', false, false, true, true),
          ('assessment', 'viewSurveyUnderReview', false, true, true, true),
          ('assessment', 'changeActionPlan', false, true, true, true),
          ('assessment', 'changeOtherSurveyorSummary', false, false, true, true),
          ('assessment', 'certifySurvey', false, false, false, true),
          ('indicatorResponse', 'addActivityToSurveyActionPlan', true, true, true, true),
          ('practiceStaff', 'viewStaff', true, true, true, true),
          ('practiceStaff', 'changeStaff', true, false, true, true),
          ('practiceStaff', 'verifyStaff', false, true, true, true),
          ('practiceStaff', 'inviteStaff', true, false, true, true),
          ('practice', 'changePractice', true, false, true, true)
        ) as t(grp, flag, pm, su, qam, pa)
       group by grp) g
$$;

-- comment FUNCTION permission_flags(is_pm boolean, is_su boolean, is_visitor boolean, back_office_role text)
COMMENT ON FUNCTION public.permission_flags(is_pm boolean, is_su boolean, is_visitor boolean, back_office_role text) IS 'The flag table (domain PERMISSION_FLAG_TABLE): the flags of a user with these kinds of access, as {group: {flag: bool}}.';

-- function portal_role(json)
CREATE FUNCTION public.portal_role(hasura_session json) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case hasura_session ->> 'x-hasura-role'
           when 'provider_admin_console' then 'provider_admin'
           else hasura_session ->> 'x-hasura-role' end
$$;

-- comment FUNCTION portal_role(hasura_session json)
COMMENT ON FUNCTION public.portal_role(hasura_session json) IS 'The role the portal''s SQL rules see in a Hasura session: the admin console''s role counts as provider_admin.';

-- function portal_today()
CREATE FUNCTION public.portal_today() RETURNS date
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  select (now() at time zone 'Australia/Sydney')::date
$$;

-- comment FUNCTION portal_today()
COMMENT ON FUNCTION public.portal_today() IS 'Today in the portal''s time zone (Australia/Sydney), whatever the session''s TimeZone.';

-- function practice_certificate_locations(integer)
CREATE FUNCTION public.practice_certificate_locations(practice integer) RETURNS text[]
    LANGUAGE sql STABLE
    AS $$
  select coalesce(array_agg(line order by rank, lower(suburb), line), '{}')
    from (
      select 0 as rank, o.physical_address_id as address_id
        from public.organisations o
       where o.id = practice
      union all
      select 1, o.physical_address_id
        from public.practices p
        join public.organisations o on o.id = p.organisation_id
       where p.main_practice_id = practice and p.active_status = 'ACTIVE'
    ) sites
    join public.addresses a on a.id = sites.address_id
    cross join lateral (
      select nullif(concat_ws(', ', nullif(a.unit, ''), nullif(a.street, ''), nullif(a.address2, ''),
               nullif(concat_ws(' ', a.suburb, a.state, a.postcode), '')), '') as line
    ) formatted
   where line is not null
$$;

-- comment FUNCTION practice_certificate_locations(practice integer)
COMMENT ON FUNCTION public.practice_certificate_locations(practice integer) IS 'The addresses a certificate of the practice lists: its own physical address, then its active branches'' by suburb.';

-- function practice_flags(integer, json)
CREATE FUNCTION public.practice_flags(p_practice_id integer, hasura_session json) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  select public.permission_flags(
           public.has_practice_role(s.user_id, p_practice_id, 'PM'),
           public.has_practice_role(s.user_id, p_practice_id, 'SU'),
           -- At the practice level a surveyor is a visitor when they visit any of its visits.
           exists (select 1 from public.survey_visits v
                     join public.accreditations acc on acc.id = v.accreditation_id
                     join public.survey_visitors sv on sv.survey_visit_id = v.id
                    where acc.practice_id = p_practice_id and not v.archived
                      and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
           case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                       when 'admin' then 'provider_admin' end)
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$$;

-- comment FUNCTION practice_flags(p_practice_id integer, hasura_session json)
COMMENT ON FUNCTION public.practice_flags(p_practice_id integer, hasura_session json) IS 'The session user''s flags on a practice (domain derivePermissionFlags without a visit scope).';

-- table practice_staff
CREATE TABLE public.practice_staff (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    title text,
    first_name text NOT NULL,
    last_name text NOT NULL,
    type text NOT NULL,
    registration_num text,
    employment_type text,
    start_date date,
    employment_status text DEFAULT 'ACTIVE'::text NOT NULL,
    resignation_date date,
    email public.citext,
    vr_status text,
    hours_per_week numeric(5,2),
    fte_band text,
    cpr_expiry date,
    qicpd text,
    qa_cpd_num text,
    phone_country_code text DEFAULT 'AU'::text NOT NULL,
    phone text,
    active boolean DEFAULT true NOT NULL,
    verified boolean DEFAULT false NOT NULL,
    verified_at timestamp with time zone,
    verified_by_id integer,
    archived boolean DEFAULT false NOT NULL,
    user_id integer,
    primary_qualification_document_id integer,
    secondary_qualification_document_id integer,
    cpd_evidence_document_id integer,
    training_evidence_document_id integer,
    cpr_evidence_document_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by_id integer DEFAULT public.current_app_user_id(),
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT practice_staff_active_not_resigned CHECK (((employment_status <> 'ACTIVE'::text) OR (resignation_date IS NULL))),
    CONSTRAINT practice_staff_email_check CHECK ((email OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext)),
    CONSTRAINT practice_staff_email_control_characters CHECK ((email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT practice_staff_first_name_check CHECK (((length(TRIM(BOTH FROM first_name)) > 0) AND (length(first_name) <= 150))),
    CONSTRAINT practice_staff_first_name_control_characters CHECK ((first_name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practice_staff_hours_per_week_check CHECK (((hours_per_week >= (0)::numeric) AND (hours_per_week <= (168)::numeric))),
    CONSTRAINT practice_staff_last_name_check CHECK (((length(TRIM(BOTH FROM last_name)) > 0) AND (length(last_name) <= 150))),
    CONSTRAINT practice_staff_last_name_control_characters CHECK ((last_name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practice_staff_phone_control_characters CHECK ((phone !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practice_staff_phone_country_code_check CHECK ((phone_country_code ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT practice_staff_qa_cpd_num_control_characters CHECK ((qa_cpd_num !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practice_staff_qicpd_control_characters CHECK ((qicpd !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practice_staff_registration_num_control_characters CHECK ((registration_num !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practice_staff_resigned_after_start CHECK (((resignation_date IS NULL) OR (start_date IS NULL) OR (resignation_date >= start_date))),
    CONSTRAINT practice_staff_verified_stamp CHECK (((NOT verified) OR (verified_at IS NOT NULL))),
    CONSTRAINT practice_staff_vr_for_gp_only CHECK (((vr_status IS NULL) OR (type = 'gp'::text)))
);

-- comment TABLE practice_staff
COMMENT ON TABLE public.practice_staff IS 'The staff register of a practice (spec 000 §3).';

-- function practice_staff_can_change(public.practice_staff, json)
CREATE FUNCTION public.practice_staff_can_change(s public.practice_staff, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.flag(public.practice_flags(s.practice_id, hasura_session), 'practiceStaff.changeStaff')
$$;

-- comment FUNCTION practice_staff_can_change(s public.practice_staff, hasura_session json)
COMMENT ON FUNCTION public.practice_staff_can_change(s public.practice_staff, hasura_session json) IS 'Computed field can_change (rules only): practiceStaff.changeStaff on the row''s practice.';

-- function practice_staff_can_verify(public.practice_staff, json)
CREATE FUNCTION public.practice_staff_can_verify(s public.practice_staff, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select public.flag(public.practice_flags(s.practice_id, hasura_session), 'practiceStaff.verifyStaff')
$$;

-- comment FUNCTION practice_staff_can_verify(s public.practice_staff, hasura_session json)
COMMENT ON FUNCTION public.practice_staff_can_verify(s public.practice_staff, hasura_session json) IS 'Computed field can_verify (rules only): practiceStaff.verifyStaff on the row''s practice.';

-- function practice_staff_documents_in_practice(public.practice_staff)
CREATE FUNCTION public.practice_staff_documents_in_practice(s public.practice_staff) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select not exists (
    select 1 from public.documents d
     where d.id in (s.primary_qualification_document_id, s.secondary_qualification_document_id,
                    s.cpd_evidence_document_id, s.training_evidence_document_id, s.cpr_evidence_document_id)
       and d.practice_id is distinct from s.practice_id)
$$;

-- comment FUNCTION practice_staff_documents_in_practice(s public.practice_staff)
COMMENT ON FUNCTION public.practice_staff_documents_in_practice(s public.practice_staff) IS 'Computed field documents_in_practice (rules only): every document the staff row refers to is its practice''s.';

-- function practice_staff_guard()
CREATE FUNCTION public.practice_staff_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  acting_role text := session ->> 'x-hasura-role';
  actor integer := nullif(session ->> 'x-hasura-user-id', '')::integer;
  stamps text[] := array['verified', 'verified_at', 'verified_by_id', 'updated_at'];
  verification_changed boolean;
begin
  if tg_op = 'INSERT' then
    if new.verified and new.verified_at is null then
      new.verified_at := now();
      new.verified_by_id := coalesce(new.verified_by_id, actor);
    end if;
    return new;
  end if;

  verification_changed := new.verified is distinct from old.verified;
  if acting_role = 'user' then
    if verification_changed and not public.practice_staff_can_verify(new, session) then
      raise exception 'only a surveyor on the practice may verify its staff'
        using errcode = 'check_violation';
    end if;
    if (to_jsonb(new) - stamps) is distinct from (to_jsonb(old) - stamps)
       and not public.practice_staff_can_change(new, session) then
      raise exception 'only the practice manager may change staff details'
        using errcode = 'check_violation';
    end if;
  end if;
  if verification_changed then
    if new.verified then
      new.verified_at := now();
      new.verified_by_id := actor;
    else
      new.verified_at := null;
      new.verified_by_id := null;
    end if;
  end if;
  return new;
end
$$;

-- comment FUNCTION practice_staff_guard()
COMMENT ON FUNCTION public.practice_staff_guard() IS 'Trigger: for role user, details need practice_staff_can_change (PM), verifying practice_staff_can_verify (surveyor); stamps verification.';

-- function refresh_current_accreditation()
CREATE FUNCTION public.refresh_current_accreditation() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare
  target integer := coalesce(new.practice_id, old.practice_id);
begin
  update public.practices p
     set current_accreditation_id = (
       select a.id from public.accreditations a
        where a.practice_id = target and not a.archived
        order by a.created_at desc, a.id desc limit 1)
   where p.organisation_id = target
     and p.current_accreditation_id is distinct from (
       select a.id from public.accreditations a
        where a.practice_id = target and not a.archived
        order by a.created_at desc, a.id desc limit 1);
  if tg_op = 'UPDATE' and old.practice_id <> new.practice_id then
    update public.practices p
       set current_accreditation_id = (
         select a.id from public.accreditations a
          where a.practice_id = old.practice_id and not a.archived
          order by a.created_at desc, a.id desc limit 1)
     where p.organisation_id = old.practice_id;
  end if;
  return null;
end
$$;

-- function risk_rating_for(text, text)
CREATE FUNCTION public.risk_rating_for(likelihood text, impact text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    AS $$
  select case likelihood
    when 'HIGH' then case impact when 'LOW' then 'MODERATE' when 'MODERATE' then 'HIGH' when 'HIGH' then 'CRITICAL' end
    when 'MODERATE' then case impact when 'LOW' then 'LOW' when 'MODERATE' then 'MODERATE' when 'HIGH' then 'HIGH' end
    when 'LOW' then case impact when 'LOW' then 'LOW' when 'MODERATE' then 'LOW' when 'HIGH' then 'MODERATE' end
  end
$$;

-- comment FUNCTION risk_rating_for(likelihood text, impact text)
COMMENT ON FUNCTION public.risk_rating_for(likelihood text, impact text) IS 'Risk matrix: likelihood x impact -> rating.';

-- function set_updated_at()
CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  -- A statement that changes nothing leaves the stamp (and so the audit log) alone.
  if row(new.*) is distinct from row(old.*) then
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- comment FUNCTION set_updated_at()
COMMENT ON FUNCTION public.set_updated_at() IS 'Trigger: stamps updated_at on every update.';

-- function stamp_document_archive()
CREATE FUNCTION public.stamp_document_archive() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := coalesce(new.archived_at, now());
    new.archived_by_id := coalesce(new.archived_by_id, public.current_app_user_id());
  elsif not new.archived then
    new.archived_at := null;
    new.archived_by_id := null;
  end if;
  return new;
end
$$;

-- comment FUNCTION stamp_document_archive()
COMMENT ON FUNCTION public.stamp_document_archive() IS 'Trigger: stamps who archived a document and when.';

-- table survey_versions
CREATE TABLE public.survey_versions (
    id integer NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    effective_from date,
    is_current boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT survey_versions_code_control_characters CHECK ((code !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT survey_versions_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE survey_versions
COMMENT ON TABLE public.survey_versions IS 'An edition of the standards that assessments are made against.';

-- function survey_version_indicator_count(public.survey_versions)
CREATE FUNCTION public.survey_version_indicator_count(survey_version public.survey_versions) RETURNS integer
    LANGUAGE sql STABLE
    AS $$
  select count(*)::integer from public.indicators i
    join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = survey_version.id and s.type = 'STANDARDS'
$$;

-- comment FUNCTION survey_version_indicator_count(survey_version public.survey_versions)
COMMENT ON FUNCTION public.survey_version_indicator_count(survey_version public.survey_versions) IS 'Number of indicators an assessment of this survey version covers (its STANDARDS sets).';

-- table survey_visits
CREATE TABLE public.survey_visits (
    id integer NOT NULL,
    accreditation_id integer NOT NULL,
    type text DEFAULT 'ACCREDITATION'::text NOT NULL,
    status text DEFAULT 'PLANNING'::text NOT NULL,
    date date,
    due date,
    start_time time without time zone,
    end_time time without time zone,
    reason_for_visit text,
    confirmation_form_status text DEFAULT 'NOT_SENT'::text NOT NULL,
    date_preferred_days_notif_sent timestamp with time zone,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    confirmation_received_at timestamp with time zone,
    confirmation_received_by_id integer,
    reason text,
    CONSTRAINT survey_visits_confirmation_stamp_whole CHECK (((confirmation_received_at IS NULL) = (confirmation_received_by_id IS NULL))),
    CONSTRAINT survey_visits_reason_for_visit_control_characters CHECK ((reason_for_visit !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT survey_visits_times_ordered CHECK (((start_time IS NULL) OR (end_time IS NULL) OR (end_time > start_time)))
);

-- comment TABLE survey_visits
COMMENT ON TABLE public.survey_visits IS 'A visit by surveyors to a practice within an accreditation cycle.';

-- comment COLUMN survey_visits.confirmation_received_at
COMMENT ON COLUMN public.survey_visits.confirmation_received_at IS 'When the practice confirmed the survey visit online (SENT → RECEIVED).';

-- comment COLUMN survey_visits.confirmation_received_by_id
COMMENT ON COLUMN public.survey_visits.confirmation_received_by_id IS 'Who confirmed the survey visit.';

-- function survey_visit_can_read(public.survey_visits, json)
CREATE FUNCTION public.survey_visit_can_read(v public.survey_visits, hasura_session json) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then
             exists (
               select 1 from public.accreditations a
                 join public.practices p on p.organisation_id = a.practice_id
                 join public.practice_users pu on pu.practice_id = p.organisation_id
                where a.id = v.accreditation_id and p.active_status = 'ACTIVE'
                  and pu.user_id = s.user_id and pu.active)
             or exists (
               select 1 from public.survey_visitors sv
                where sv.survey_visit_id = v.id and sv.user_id = s.user_id)
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 public.portal_role(hasura_session) as role) s
$$;

-- comment FUNCTION survey_visit_can_read(v public.survey_visits, hasura_session json)
COMMENT ON FUNCTION public.survey_visit_can_read(v public.survey_visits, hasura_session json) IS 'Computed field can_read (rules only): the session may read the survey visit, and so download its confirmation form.';

-- table survey_visitors
CREATE TABLE public.survey_visitors (
    id integer NOT NULL,
    survey_visit_id integer NOT NULL,
    user_id integer NOT NULL,
    status text DEFAULT 'OFFERED'::text NOT NULL,
    is_lead boolean DEFAULT false NOT NULL,
    actual_start_time time without time zone,
    actual_end_time time without time zone,
    hours_worked_before_visit numeric(5,2),
    hours_worked_after_visit numeric(5,2),
    hours_worked_confirmed boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    offered_at timestamp with time zone,
    offered_by_id integer,
    responded_at timestamp with time zone,
    decline_reason text,
    CONSTRAINT survey_visitors_decline_has_reason CHECK (((status <> 'DECLINED'::text) OR (decline_reason IS NOT NULL) OR (responded_at IS NULL))),
    CONSTRAINT survey_visitors_decline_reason_check CHECK (((decline_reason IS NULL) OR (length(decline_reason) <= 500))),
    CONSTRAINT survey_visitors_decline_reason_control_characters CHECK ((decline_reason !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT survey_visitors_hours_worked_after_visit_check CHECK (((hours_worked_after_visit >= (0)::numeric) AND (hours_worked_after_visit <= (999)::numeric))),
    CONSTRAINT survey_visitors_hours_worked_before_visit_check CHECK (((hours_worked_before_visit >= (0)::numeric) AND (hours_worked_before_visit <= (999)::numeric))),
    CONSTRAINT survey_visitors_times_ordered CHECK (((actual_start_time IS NULL) OR (actual_end_time IS NULL) OR (actual_end_time > actual_start_time)))
);

-- comment TABLE survey_visitors
COMMENT ON TABLE public.survey_visitors IS 'A surveyor on a survey visit, with the hours they report on submission.';

-- function survey_visitor_practice_name(public.survey_visitors)
CREATE FUNCTION public.survey_visitor_practice_name(sv public.survey_visitors) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select o.name
    from public.survey_visits v
    join public.accreditations a on a.id = v.accreditation_id
    join public.organisations o on o.id = a.practice_id
   where v.id = sv.survey_visit_id
$$;

-- comment FUNCTION survey_visitor_practice_name(sv public.survey_visitors)
COMMENT ON FUNCTION public.survey_visitor_practice_name(sv public.survey_visitors) IS 'Computed field practice_name: the name of the practice the visit is to.';

-- function survey_visitor_practice_suburb(public.survey_visitors)
CREATE FUNCTION public.survey_visitor_practice_suburb(sv public.survey_visitors) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select ad.suburb
    from public.survey_visits v
    join public.accreditations a on a.id = v.accreditation_id
    join public.organisations o on o.id = a.practice_id
    join public.addresses ad on ad.id = o.physical_address_id
   where v.id = sv.survey_visit_id
$$;

-- comment FUNCTION survey_visitor_practice_suburb(sv public.survey_visitors)
COMMENT ON FUNCTION public.survey_visitor_practice_suburb(sv public.survey_visitors) IS 'Computed field practice_suburb: the suburb of the practice the visit is to.';

-- function surveyor_conflict_reason(integer, integer)
CREATE FUNCTION public.surveyor_conflict_reason(surveyor integer, practice integer) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select c.reason
    from public.surveyor_conflicts c
    join public.practices p on p.organisation_id = practice
   where c.user_id = surveyor
     and not c.archived
     and (c.practice_id = p.organisation_id or (c.network_id is not null and c.network_id = p.network_id))
     and coalesce(c.to_date, public.portal_today()) >= (public.portal_today() - interval '3 years')::date
   order by c.practice_id is null, c.created_at desc
   limit 1
$$;

-- table surveyor_conflicts
CREATE TABLE public.surveyor_conflicts (
    id integer NOT NULL,
    user_id integer NOT NULL,
    practice_id integer,
    network_id integer,
    reason text NOT NULL,
    from_date date,
    to_date date,
    archived boolean DEFAULT false NOT NULL,
    archived_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT surveyor_conflicts_dates_ordered CHECK (((from_date IS NULL) OR (to_date IS NULL) OR (to_date >= from_date))),
    CONSTRAINT surveyor_conflicts_one_subject CHECK (((practice_id IS NULL) <> (network_id IS NULL))),
    CONSTRAINT surveyor_conflicts_reason_check CHECK (((length(btrim(reason)) >= 1) AND (length(btrim(reason)) <= 500))),
    CONSTRAINT surveyor_conflicts_reason_control_characters CHECK ((reason !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE surveyor_conflicts
COMMENT ON TABLE public.surveyor_conflicts IS 'Practices or networks a surveyor declared a conflict of interest with.';

-- function surveyor_conflict_subject_name(public.surveyor_conflicts)
CREATE FUNCTION public.surveyor_conflict_subject_name(c public.surveyor_conflicts) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select coalesce(
    (select o.name from public.organisations o where o.id = c.practice_id),
    (select n.name from public.practice_networks n where n.id = c.network_id))
$$;

-- comment FUNCTION surveyor_conflict_subject_name(c public.surveyor_conflicts)
COMMENT ON FUNCTION public.surveyor_conflict_subject_name(c public.surveyor_conflicts) IS 'Computed field subject_name: the name of the practice or network of the conflict.';

-- function surveyor_conflict_subject_suburb(public.surveyor_conflicts)
CREATE FUNCTION public.surveyor_conflict_subject_suburb(c public.surveyor_conflicts) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select ad.suburb
    from public.organisations o
    join public.addresses ad on ad.id = o.physical_address_id
   where o.id = c.practice_id
$$;

-- comment FUNCTION surveyor_conflict_subject_suburb(c public.surveyor_conflicts)
COMMENT ON FUNCTION public.surveyor_conflict_subject_suburb(c public.surveyor_conflicts) IS 'Computed field subject_suburb: the suburb of the practice of the conflict (none for a network).';

-- function trim_white_space(text)
CREATE FUNCTION public.trim_white_space(t text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    AS $_$
  select regexp_replace(t,
    '^[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+|[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+$',
    '', 'g')
$_$;

-- comment FUNCTION trim_white_space(t text)
COMMENT ON FUNCTION public.trim_white_space(t text) IS 'The text without leading and trailing white space, as JavaScript''s String.prototype.trim.';

-- function users_admin_email_notice()
CREATE FUNCTION public.users_admin_email_notice() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public'
    AS $$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  actor_id integer := public.current_app_user_id();
  actor text;
  greeting text := case when btrim(old.first_name) = '' then 'Hello,' else 'Hello ' || btrim(old.first_name) || ',' end;
begin
  select coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), '') || ' (' || u.email || ')', u.email::text)
    into actor from public.users u where u.id = actor_id;
  actor := coalesce(actor,
    case when actor_id is not null then 'user ' || actor_id
         when session is not null then 'an administrator of the server (the engine''s admin secret)'
         else 'the portal itself (a server task)' end);
  -- Product name and support address as in packages/domain (PRODUCT_NAME, SUPPORT_EMAIL).
  insert into public.email_outbox (to_address, subject, text_body, template)
  values (
    old.email,
    'Your Connect e-mail address was changed',
    concat_ws(e'\n',
      greeting,
      '',
      format('The e-mail address of your Connect account was changed from %s to %s by %s on %s (Sydney time).',
        old.email, new.email, actor, to_char(now() at time zone 'Australia/Sydney', 'DD/MM/YYYY "at" HH24:MI')),
      '',
      'From now on, signing in and the portal''s e-mails use the new address; this message goes to the old one so that you know.',
      'If you did not expect this change, contact support@example.org at once.'),
    'admin-email-changed');
  return null;
end
$$;

-- comment FUNCTION users_admin_email_notice()
COMMENT ON FUNCTION public.users_admin_email_notice() IS 'Trigger: tells an admin''s old e-mail address, through the outbox, that it was changed and by whom.';

-- function users_admin_guard()
CREATE FUNCTION public.users_admin_guard() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public'
    AS $$
declare
  actor_id integer := public.current_app_user_id();
  refusal text;
begin
  if (old.is_admin or old.is_superadmin) and new.email is distinct from old.email then
    refusal := 'Only a super admin can change the e-mail address of an admin.';
  elsif (old.is_admin and not new.is_admin) or (old.is_superadmin and not new.is_superadmin) then
    refusal := 'Only a super admin can take away an admin''s rights.';
  elsif new.is_superadmin and not old.is_superadmin then
    refusal := 'Only a super admin can make someone a super admin.';
  end if;
  if refusal is null or actor_id is null
     or exists (select 1 from public.users u where u.id = actor_id and u.is_superadmin and u.is_active) then
    return new;
  end if;
  raise exception '%', refusal using errcode = 'check_violation';
end
$$;

-- comment FUNCTION users_admin_guard()
COMMENT ON FUNCTION public.users_admin_guard() IS 'Trigger: an admin''s e-mail and admin flags change only by a super admin (or trusted server code).';

-- table accreditation_status
CREATE TABLE public.accreditation_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT accreditation_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE accreditation_status
COMMENT ON TABLE public.accreditation_status IS 'Status of an accreditation cycle.';

-- table accreditations
CREATE TABLE public.accreditations (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    status text DEFAULT 'OPEN'::text NOT NULL,
    survey_version_id integer,
    qam_id integer,
    application_date date,
    accreditation_decision_date date,
    self_assessment_due date,
    survey_visit_due date,
    expiry_date date,
    ext_date date,
    swpe numeric(10,2),
    is_first_view boolean DEFAULT true NOT NULL,
    nominated_accreditation_contact_id integer,
    nominated_gp_contact_id integer,
    nominated_nurse_contact_id integer,
    nominated_support_contact_id integer,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    effective_expiry_date date GENERATED ALWAYS AS (COALESCE(ext_date, expiry_date)) STORED,
    CONSTRAINT accreditations_decision_after_application CHECK (((accreditation_decision_date IS NULL) OR (application_date IS NULL) OR (accreditation_decision_date >= application_date))),
    CONSTRAINT accreditations_extension_after_expiry CHECK (((ext_date IS NULL) OR (expiry_date IS NULL) OR (ext_date >= expiry_date))),
    CONSTRAINT accreditations_swpe_check CHECK ((swpe >= (0)::numeric))
);

-- comment TABLE accreditations
COMMENT ON TABLE public.accreditations IS 'One accreditation cycle of a practice.';

-- comment COLUMN accreditations.effective_expiry_date
COMMENT ON COLUMN public.accreditations.effective_expiry_date IS 'The extension date when one was granted, else the expiry date (generated; the practice list orders by it).';

-- sequence accreditations_id_seq
ALTER TABLE public.accreditations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.accreditations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table action_plan_activities
CREATE TABLE public.action_plan_activities (
    id integer NOT NULL,
    indicator_response_id integer NOT NULL,
    description text NOT NULL,
    responsible text,
    due_date date,
    status text DEFAULT 'OPEN'::text NOT NULL,
    closed_at timestamp with time zone,
    closed_by_id integer,
    archived boolean DEFAULT false NOT NULL,
    created_by_id integer DEFAULT public.current_app_user_id(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT action_plan_activities_closed_stamp CHECK (((status = 'CLOSED'::text) = (closed_at IS NOT NULL))),
    CONSTRAINT action_plan_activities_description_characters CHECK ((description !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT action_plan_activities_description_check CHECK ((length(TRIM(BOTH FROM description)) > 0)),
    CONSTRAINT action_plan_activities_description_length CHECK ((length(description) <= 2000)),
    CONSTRAINT action_plan_activities_due_date_range CHECK (((due_date IS NULL) OR ((due_date >= '2000-01-01'::date) AND (due_date <= '2099-12-31'::date)))),
    CONSTRAINT action_plan_activities_responsible_text CHECK (((responsible IS NULL) OR ((length(responsible) <= 200) AND (responsible !~ '[\u0001-\u001F\u007F-\u009F]'::text))))
);

-- comment TABLE action_plan_activities
COMMENT ON TABLE public.action_plan_activities IS 'Activities a practice plans to close a non-conformity.';

-- sequence action_plan_activities_id_seq
ALTER TABLE public.action_plan_activities ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.action_plan_activities_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table active_status
CREATE TABLE public.active_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT active_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE active_status
COMMENT ON TABLE public.active_status IS 'Whether a practice is active with the provider.';

-- table addresses
CREATE TABLE public.addresses (
    id integer NOT NULL,
    unit text,
    street text,
    address2 text,
    suburb text,
    state text,
    postcode text,
    country text DEFAULT 'AU'::text NOT NULL,
    lat numeric(9,6),
    lng numeric(9,6),
    CONSTRAINT addresses_address2_control_characters CHECK ((address2 !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT addresses_country_check CHECK ((country ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT addresses_lat_check CHECK (((lat >= ('-90'::integer)::numeric) AND (lat <= (90)::numeric))),
    CONSTRAINT addresses_lng_check CHECK (((lng >= ('-180'::integer)::numeric) AND (lng <= (180)::numeric))),
    CONSTRAINT addresses_postcode_check CHECK ((postcode ~ '^[0-9]{4}$'::text)),
    CONSTRAINT addresses_street_control_characters CHECK ((street !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT addresses_suburb_control_characters CHECK ((suburb !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT addresses_unit_control_characters CHECK ((unit !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE addresses
COMMENT ON TABLE public.addresses IS 'Postal, billing and physical addresses.';

-- sequence addresses_id_seq
ALTER TABLE public.addresses ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.addresses_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table indicator_responses
CREATE TABLE public.indicator_responses (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    indicator_id integer NOT NULL,
    compliance text,
    is_marked_complete boolean DEFAULT false NOT NULL,
    further_action_required boolean DEFAULT false NOT NULL,
    reviewed boolean DEFAULT false NOT NULL,
    non_conformity_status text DEFAULT 'OPEN'::text NOT NULL,
    refer_to_ca boolean DEFAULT false NOT NULL,
    date_closed date,
    non_compliance_statement text,
    non_compliance_type text,
    risk_type text,
    risk_likelihood text,
    risk_impact text,
    risk_rating text,
    observation text,
    nc_status_created_by_id integer,
    last_updated_by_id integer DEFAULT public.current_app_user_id(),
    checklists jsonb DEFAULT '{}'::jsonb NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    action_plan text,
    CONSTRAINT indicator_responses_action_plan_characters CHECK (((action_plan IS NULL) OR (action_plan !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))),
    CONSTRAINT indicator_responses_action_plan_check CHECK (((action_plan IS NULL) OR (length(action_plan) <= 5000))),
    CONSTRAINT indicator_responses_checklists_check CHECK ((jsonb_typeof(checklists) = 'object'::text)),
    CONSTRAINT indicator_responses_closed_has_date CHECK (((non_conformity_status = 'CLOSED'::text) = (date_closed IS NOT NULL))),
    CONSTRAINT indicator_responses_non_compliance_statement_control_characters CHECK ((non_compliance_statement !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_responses_non_compliance_type_control_characters CHECK ((non_compliance_type !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_responses_observation_control_characters CHECK ((observation !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_responses_rating_follows_matrix CHECK (((risk_likelihood IS NULL) OR (risk_impact IS NULL) OR (risk_rating = public.risk_rating_for(risk_likelihood, risk_impact)))),
    CONSTRAINT indicator_responses_risk_type_control_characters CHECK ((risk_type !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE indicator_responses
COMMENT ON TABLE public.indicator_responses IS 'The rating of one indicator in one assessment (spec 001 §3).';

-- comment COLUMN indicator_responses.action_plan
COMMENT ON COLUMN public.indicator_responses.action_plan IS 'The action the practice must take to close this non-conformity, entered by the reviewer.';

-- table indicator_sets
CREATE TABLE public.indicator_sets (
    id integer NOT NULL,
    survey_version_id integer NOT NULL,
    name text NOT NULL,
    full_code text NOT NULL,
    type text DEFAULT 'STANDARDS'::text NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT indicator_sets_full_code_control_characters CHECK ((full_code !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicator_sets_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE indicator_sets
COMMENT ON TABLE public.indicator_sets IS 'A group of indicators (a standard or criterion) within a survey version.';

-- table indicators
CREATE TABLE public.indicators (
    id integer NOT NULL,
    indicator_set_id integer NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    criterion_code text,
    description text,
    sort_order integer DEFAULT 0 NOT NULL,
    document_folder_id integer,
    flagged boolean DEFAULT false NOT NULL,
    mandatory boolean DEFAULT true NOT NULL,
    CONSTRAINT indicators_code_control_characters CHECK ((code !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicators_criterion_code_control_characters CHECK ((criterion_code !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicators_description_control_characters CHECK ((description !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT indicators_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE indicators
COMMENT ON TABLE public.indicators IS 'One indicator of a standard, rated in every assessment.';

-- comment COLUMN indicators.mandatory
COMMENT ON COLUMN public.indicators.mandatory IS 'Counts towards the repeat-assessment rule (20 % of mandatory indicators NOT_MET); false for aspirational indicators.';

-- view assessment_counts
CREATE VIEW public.assessment_counts AS
 SELECT a.id AS assessment_id,
    COALESCE(public.survey_version_indicator_count(v.*), 0) AS total,
    COALESCE(r.complete, 0) AS complete,
    COALESCE(r.mets, 0) AS mets,
    COALESCE(r.not_mets, 0) AS not_mets,
    COALESCE(r.improvements, 0) AS improvements,
    COALESCE(r.risk_closed, 0) AS risk_closed,
    COALESCE(r.risk_critical, 0) AS risk_critical,
    COALESCE(r.risk_major, 0) AS risk_major,
    COALESCE(r.risk_moderate, 0) AS risk_moderate,
    COALESCE(r.risk_minor, 0) AS risk_minor
   FROM (((public.assessments a
     JOIN public.accreditations acc ON ((acc.id = a.accreditation_id)))
     LEFT JOIN public.survey_versions v ON ((v.id = acc.survey_version_id)))
     LEFT JOIN LATERAL ( SELECT (count(*) FILTER (WHERE
                CASE
                    WHEN (a.type = 'PRESURVEY'::text) THEN (x.is_marked_complete OR (x.compliance = 'NOT_APPLICABLE'::text))
                    ELSE (x.compliance IS NOT NULL)
                END))::integer AS complete,
            (count(*) FILTER (WHERE (x.compliance = 'MET'::text)))::integer AS mets,
            (count(*) FILTER (WHERE (x.compliance = 'NOT_MET'::text)))::integer AS not_mets,
            (count(*) FILTER (WHERE (length(TRIM(BOTH FROM COALESCE(x.observation, ''::text))) > 0)))::integer AS improvements,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.non_conformity_status = 'CLOSED'::text))))::integer AS risk_closed,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'CRITICAL'::text))))::integer AS risk_critical,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'HIGH'::text))))::integer AS risk_major,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'MODERATE'::text))))::integer AS risk_moderate,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'LOW'::text))))::integer AS risk_minor
           FROM ((public.indicator_responses x
             JOIN public.indicators i ON ((i.id = x.indicator_id)))
             JOIN public.indicator_sets s ON (((s.id = i.indicator_set_id) AND (s.type = 'STANDARDS'::text))))
          WHERE ((x.assessment_id = a.id) AND (NOT x.archived))) r ON (true));

-- comment VIEW assessment_counts
COMMENT ON VIEW public.assessment_counts IS 'Totals of an assessment: complete, met, not met, improvements, risks.';

-- table assessment_status
CREATE TABLE public.assessment_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT assessment_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE assessment_status
COMMENT ON TABLE public.assessment_status IS 'Status of an assessment (spec 001 §4).';

-- table assessment_status_changes
CREATE TABLE public.assessment_status_changes (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    from_status text NOT NULL,
    to_status text NOT NULL,
    changed_by_id integer,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    reason text,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT assessment_status_changes_detail_check CHECK ((jsonb_typeof(detail) = 'object'::text)),
    CONSTRAINT assessment_status_changes_reason_check CHECK (((reason IS NULL) OR (length(reason) <= 2000))),
    CONSTRAINT assessment_status_changes_reason_control_characters CHECK ((reason !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE assessment_status_changes
COMMENT ON TABLE public.assessment_status_changes IS 'History of assessment status changes made by actions (who, when, why).';

-- sequence assessment_status_changes_id_seq
ALTER TABLE public.assessment_status_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.assessment_status_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table assessment_submissions
CREATE TABLE public.assessment_submissions (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    user_id integer NOT NULL,
    submitted_at timestamp with time zone DEFAULT now() NOT NULL,
    withdrawn_at timestamp with time zone,
    withdrawn_by_id integer,
    CONSTRAINT assessment_submissions_withdrawn_by_when CHECK (((withdrawn_by_id IS NULL) OR (withdrawn_at IS NOT NULL)))
);

-- comment TABLE assessment_submissions
COMMENT ON TABLE public.assessment_submissions IS 'Who submitted an assessment for review, and when; once per user until withdrawn by a reopen.';

-- comment COLUMN assessment_submissions.withdrawn_at
COMMENT ON COLUMN public.assessment_submissions.withdrawn_at IS 'When the submission was withdrawn (the assessment was reopened); null while it counts.';

-- comment COLUMN assessment_submissions.withdrawn_by_id
COMMENT ON COLUMN public.assessment_submissions.withdrawn_by_id IS 'Who withdrew the submission.';

-- sequence assessment_submissions_id_seq
ALTER TABLE public.assessment_submissions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.assessment_submissions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table assessment_type
CREATE TABLE public.assessment_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT assessment_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE assessment_type
COMMENT ON TABLE public.assessment_type IS 'Kind of assessment.';

-- sequence assessments_id_seq
ALTER TABLE public.assessments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.assessments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table assistance_requests
CREATE TABLE public.assistance_requests (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    user_id integer NOT NULL,
    message text NOT NULL,
    email_outbox_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT assistance_requests_message_check CHECK ((length(TRIM(BOTH FROM message)) > 0)),
    CONSTRAINT assistance_requests_message_control_characters CHECK ((message !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE assistance_requests
COMMENT ON TABLE public.assistance_requests IS 'Requests for assistance from a self assessment, e-mailed to its QAM.';

-- sequence assistance_requests_id_seq
ALTER TABLE public.assistance_requests ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.assistance_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence audit_log_id_seq
ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table australian_state
CREATE TABLE public.australian_state (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT australian_state_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE australian_state
COMMENT ON TABLE public.australian_state IS 'Australian state or territory.';

-- table branch_or_main
CREATE TABLE public.branch_or_main (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT branch_or_main_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE branch_or_main
COMMENT ON TABLE public.branch_or_main IS 'Whether a practice is a main site or a branch.';

-- table certificate_type
CREATE TABLE public.certificate_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT certificate_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE certificate_type
COMMENT ON TABLE public.certificate_type IS 'Kind of certificate.';

-- table certificate_validity
CREATE TABLE public.certificate_validity (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT certificate_validity_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE certificate_validity
COMMENT ON TABLE public.certificate_validity IS 'Whether a certificate is in force.';

-- sequence certificates_id_seq
ALTER TABLE public.certificates ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.certificates_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table checklist_items
CREATE TABLE public.checklist_items (
    id integer NOT NULL,
    checklist_id integer NOT NULL,
    item_number integer NOT NULL,
    item_text text NOT NULL,
    must_have boolean DEFAULT false NOT NULL,
    CONSTRAINT checklist_items_item_number_check CHECK ((item_number > 0)),
    CONSTRAINT checklist_items_item_text_control_characters CHECK ((item_text !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE checklist_items
COMMENT ON TABLE public.checklist_items IS 'A tickable item of a checklist question.';

-- sequence checklist_items_id_seq
ALTER TABLE public.checklist_items ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.checklist_items_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table checklists
CREATE TABLE public.checklists (
    id integer NOT NULL,
    indicator_id integer NOT NULL,
    question_number integer NOT NULL,
    question_text text NOT NULL,
    CONSTRAINT checklists_question_number_check CHECK ((question_number > 0)),
    CONSTRAINT checklists_question_text_control_characters CHECK ((question_text !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE checklists
COMMENT ON TABLE public.checklists IS 'A question under an indicator, answered by ticking its items.';

-- sequence checklists_id_seq
ALTER TABLE public.checklists ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.checklists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table comment_relationship
CREATE TABLE public.comment_relationship (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT comment_relationship_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE comment_relationship
COMMENT ON TABLE public.comment_relationship IS 'The author''s relationship to the practice when the comment was written.';

-- table comments
CREATE TABLE public.comments (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    indicator_response_id integer NOT NULL,
    comment text NOT NULL,
    practice_relationship text,
    created_by_id integer DEFAULT public.current_app_user_id(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    CONSTRAINT comments_comment_check CHECK ((length(TRIM(BOTH FROM comment)) > 0)),
    CONSTRAINT comments_comment_control_characters CHECK ((comment !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE comments
COMMENT ON TABLE public.comments IS 'Comments on an indicator response, newest first.';

-- sequence comments_id_seq
ALTER TABLE public.comments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.comments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table compliance
CREATE TABLE public.compliance (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT compliance_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE compliance
COMMENT ON TABLE public.compliance IS 'Compliance of an indicator response; a self assessment''s ''complete'' is is_marked_complete.';

-- table confidentiality_signs
CREATE TABLE public.confidentiality_signs (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    user_id integer NOT NULL,
    agreement_version text DEFAULT '1'::text NOT NULL,
    signed_at timestamp with time zone DEFAULT now() NOT NULL
);

-- comment TABLE confidentiality_signs
COMMENT ON TABLE public.confidentiality_signs IS 'Confidentiality agreements signed by surveyors before a survey assessment.';

-- sequence confidentiality_signs_id_seq
ALTER TABLE public.confidentiality_signs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.confidentiality_signs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table confirmation_form_status
CREATE TABLE public.confirmation_form_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT confirmation_form_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE confirmation_form_status
COMMENT ON TABLE public.confirmation_form_status IS 'Survey confirmation form; SENT means a confirmation is due from the practice.';

-- table contact_type
CREATE TABLE public.contact_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT contact_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE contact_type
COMMENT ON TABLE public.contact_type IS 'Kind of nominated contact.';

-- table contacts
CREATE TABLE public.contacts (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    type text,
    user_id integer,
    email public.citext,
    phone_country_code text DEFAULT 'AU'::text NOT NULL,
    phone text,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contacts_email_check CHECK ((email OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext)),
    CONSTRAINT contacts_email_control_characters CHECK ((email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT contacts_first_name_control_characters CHECK ((first_name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT contacts_last_name_control_characters CHECK ((last_name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT contacts_phone_control_characters CHECK ((phone !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT contacts_phone_country_code_check CHECK ((phone_country_code ~ '^[A-Z]{2}$'::text))
);

-- comment TABLE contacts
COMMENT ON TABLE public.contacts IS 'People a practice nominates as contacts (accreditation, GP, nurse, support).';

-- sequence contacts_id_seq
ALTER TABLE public.contacts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.contacts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table documents
CREATE TABLE public.documents (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    folder_id integer NOT NULL,
    name text NOT NULL,
    storage_key text NOT NULL,
    file_size bigint,
    file_type text,
    uploaded_at timestamp with time zone,
    indicator_response_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by_id integer DEFAULT public.current_app_user_id(),
    archived boolean DEFAULT false NOT NULL,
    archived_at timestamp with time zone,
    archived_by_id integer,
    object_missing_at timestamp with time zone,
    CONSTRAINT documents_archived_stamp CHECK ((archived = (archived_at IS NOT NULL))),
    CONSTRAINT documents_file_size_check CHECK ((file_size >= 0)),
    CONSTRAINT documents_name_check CHECK (((length(TRIM(BOTH FROM name)) > 0) AND (length(name) <= 255))),
    CONSTRAINT documents_name_control_characters CHECK ((name !~ '[\u0001-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT documents_uploaded_has_size CHECK (((uploaded_at IS NULL) OR ((file_size IS NOT NULL) AND (file_type IS NOT NULL))))
);

-- comment TABLE documents
COMMENT ON TABLE public.documents IS 'A file a practice keeps, stored in S3; archived instead of deleted.';

-- comment COLUMN documents.object_missing_at
COMMENT ON COLUMN public.documents.object_missing_at IS 'When a download first found the object missing from storage; null while it is there.';

-- sequence documents_id_seq
ALTER TABLE public.documents ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.documents_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table email_outbox
CREATE TABLE public.email_outbox (
    id integer NOT NULL,
    to_address public.citext NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text,
    template text,
    status text DEFAULT 'PENDING'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT email_outbox_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT email_outbox_sent_stamp CHECK (((status = 'SENT'::text) = (sent_at IS NOT NULL))),
    CONSTRAINT email_outbox_to_address_check CHECK ((to_address OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext))
);

-- comment TABLE email_outbox
COMMENT ON TABLE public.email_outbox IS 'E-mail to send; a worker delivers it by SMTP or leaves it for the dev mailbox.';

-- sequence email_outbox_id_seq
ALTER TABLE public.email_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.email_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table email_status
CREATE TABLE public.email_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT email_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE email_status
COMMENT ON TABLE public.email_status IS 'Delivery status of an outbox e-mail.';

-- table employment_status
CREATE TABLE public.employment_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT employment_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE employment_status
COMMENT ON TABLE public.employment_status IS 'Whether a staff member still works at the practice.';

-- table employment_type
CREATE TABLE public.employment_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT employment_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE employment_type
COMMENT ON TABLE public.employment_type IS 'How a staff member is engaged.';

-- table folder_code
CREATE TABLE public.folder_code (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT folder_code_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE folder_code
COMMENT ON TABLE public.folder_code IS 'Well-known document folders.';

-- table folders
CREATE TABLE public.folders (
    id integer NOT NULL,
    practice_id integer,
    name text NOT NULL,
    code text,
    visible boolean DEFAULT true NOT NULL,
    empty_hidden boolean DEFAULT false NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT folders_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT folders_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE folders
COMMENT ON TABLE public.folders IS 'Folders that organise a practice''s documents.';

-- sequence folders_id_seq
ALTER TABLE public.folders ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.folders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table fte_band
CREATE TABLE public.fte_band (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT fte_band_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE fte_band
COMMENT ON TABLE public.fte_band IS 'Full time equivalent band of a staff member.';

-- sequence general_comments_id_seq
ALTER TABLE public.general_comments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.general_comments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table indicator_locks
CREATE TABLE public.indicator_locks (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    indicator_response_id integer NOT NULL,
    user_id integer NOT NULL,
    fields jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + public.indicator_lock_lifetime()) NOT NULL,
    CONSTRAINT indicator_locks_check CHECK ((expires_at > created_at)),
    CONSTRAINT indicator_locks_fields_check CHECK ((jsonb_typeof(fields) = 'array'::text))
);

-- comment TABLE indicator_locks
COMMENT ON TABLE public.indicator_locks IS 'Live editing locks on indicator responses, shown to other users.';

-- sequence indicator_locks_id_seq
ALTER TABLE public.indicator_locks ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.indicator_locks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence indicator_resources_id_seq
ALTER TABLE public.indicator_resources ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.indicator_resources_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence indicator_responses_id_seq
ALTER TABLE public.indicator_responses ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.indicator_responses_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table indicator_set_type
CREATE TABLE public.indicator_set_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT indicator_set_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE indicator_set_type
COMMENT ON TABLE public.indicator_set_type IS 'Kind of indicator set.';

-- sequence indicator_sets_id_seq
ALTER TABLE public.indicator_sets ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.indicator_sets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence indicators_id_seq
ALTER TABLE public.indicators ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.indicators_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table invitations
CREATE TABLE public.invitations (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    practice_staff_id integer,
    email public.citext NOT NULL,
    role text DEFAULT 'PM'::text NOT NULL,
    token_hash text NOT NULL,
    status text DEFAULT 'INVITED'::text NOT NULL,
    invited_by_id integer DEFAULT public.current_app_user_id(),
    date_invited timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    responded_at timestamp with time zone,
    accepted_user_id integer,
    CONSTRAINT invitations_accepted_has_user CHECK (((status = 'ACCEPTED'::text) = (accepted_user_id IS NOT NULL))),
    CONSTRAINT invitations_email_check CHECK ((email OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext)),
    CONSTRAINT invitations_email_control_characters CHECK ((email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT invitations_expiry_after_invite CHECK ((expires_at > date_invited))
);

-- comment TABLE invitations
COMMENT ON TABLE public.invitations IS 'Invitations to join a practice (staff invites among them).';

-- sequence invitations_id_seq
ALTER TABLE public.invitations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.invitations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table invite_status
CREATE TABLE public.invite_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT invite_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE invite_status
COMMENT ON TABLE public.invite_status IS 'Status of an invitation.';

-- table login_attempts
CREATE TABLE public.login_attempts (
    email_hash text NOT NULL,
    failed_count integer DEFAULT 0 NOT NULL,
    window_started_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT login_attempts_email_hash_check CHECK ((email_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT login_attempts_failed_count_check CHECK ((failed_count >= 0))
);

-- comment TABLE login_attempts
COMMENT ON TABLE public.login_attempts IS 'Failed sign-ins per e-mail hash, for lockout; read only by the actions service.';

-- table mmm_classification
CREATE TABLE public.mmm_classification (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT mmm_classification_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE mmm_classification
COMMENT ON TABLE public.mmm_classification IS 'Modified Monash Model remoteness category.';

-- table non_conformity_status
CREATE TABLE public.non_conformity_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT non_conformity_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE non_conformity_status
COMMENT ON TABLE public.non_conformity_status IS 'Open or closed non-conformity or action plan activity.';

-- table organisation_structure
CREATE TABLE public.organisation_structure (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT organisation_structure_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE organisation_structure
COMMENT ON TABLE public.organisation_structure IS 'Legal structure of an organisation.';

-- table organisations
CREATE TABLE public.organisations (
    id integer NOT NULL,
    name text NOT NULL,
    legal_entity_name text,
    abn text,
    structure text,
    email public.citext,
    billing_email public.citext,
    website text,
    phone text,
    fax text,
    physical_address_id integer,
    postal_address_id integer,
    billing_address_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT organisations_abn_check CHECK ((abn ~ '^[0-9]{11}$'::text)),
    CONSTRAINT organisations_billing_email_check CHECK ((billing_email OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext)),
    CONSTRAINT organisations_billing_email_control_characters CHECK ((billing_email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT organisations_email_check CHECK ((email OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext)),
    CONSTRAINT organisations_email_control_characters CHECK ((email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT organisations_fax_control_characters CHECK ((fax !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT organisations_legal_entity_name_control_characters CHECK ((legal_entity_name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT organisations_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT organisations_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT organisations_phone_control_characters CHECK ((phone !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT organisations_website_control_characters CHECK ((website !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE organisations
COMMENT ON TABLE public.organisations IS 'Legal and contact details of an organisation.';

-- sequence organisations_id_seq
ALTER TABLE public.organisations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.organisations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table password_resets
CREATE TABLE public.password_resets (
    id integer NOT NULL,
    user_id integer NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    superseded_at timestamp with time zone,
    CONSTRAINT password_resets_check CHECK ((expires_at > created_at))
);

-- comment TABLE password_resets
COMMENT ON TABLE public.password_resets IS 'Password reset tokens (hashed), single use, short-lived.';

-- comment COLUMN password_resets.superseded_at
COMMENT ON COLUMN public.password_resets.superseded_at IS 'When a newer link for the same account ended this one (it can no longer be used).';

-- sequence password_resets_id_seq
ALTER TABLE public.password_resets ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.password_resets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table pending_registrations
CREATE TABLE public.pending_registrations (
    id integer NOT NULL,
    email public.citext NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    password_hash text NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT pending_registrations_check CHECK ((expires_at > created_at)),
    CONSTRAINT pending_registrations_email_control_characters CHECK ((email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT pending_registrations_first_name_control_characters CHECK ((first_name !~ '[\u0001-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT pending_registrations_last_name_control_characters CHECK ((last_name !~ '[\u0001-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT pending_registrations_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

-- comment TABLE pending_registrations
COMMENT ON TABLE public.pending_registrations IS 'Sign-ups waiting for e-mail confirmation (token hashed); read only by the actions service.';

-- sequence pending_registrations_id_seq
ALTER TABLE public.pending_registrations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.pending_registrations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table person_title
CREATE TABLE public.person_title (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT person_title_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE person_title
COMMENT ON TABLE public.person_title IS 'Title of a person.';

-- table practice_networks
CREATE TABLE public.practice_networks (
    id integer NOT NULL,
    name text NOT NULL,
    abn text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT practice_networks_abn_check CHECK ((abn ~ '^[0-9]{11}$'::text)),
    CONSTRAINT practice_networks_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT practice_networks_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE practice_networks
COMMENT ON TABLE public.practice_networks IS 'Networks (corporate groups) practices may belong to.';

-- sequence practice_networks_id_seq
ALTER TABLE public.practice_networks ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.practice_networks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table practice_role
CREATE TABLE public.practice_role (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT practice_role_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE practice_role
COMMENT ON TABLE public.practice_role IS 'A user''s role on a practice.';

-- sequence practice_staff_id_seq
ALTER TABLE public.practice_staff ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.practice_staff_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table practice_status
CREATE TABLE public.practice_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT practice_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE practice_status
COMMENT ON TABLE public.practice_status IS 'Lifecycle status of a practice with the provider.';

-- table practice_type
CREATE TABLE public.practice_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT practice_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE practice_type
COMMENT ON TABLE public.practice_type IS 'Type of practice.';

-- table practice_users
CREATE TABLE public.practice_users (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    user_id integer NOT NULL,
    role text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

-- comment TABLE practice_users
COMMENT ON TABLE public.practice_users IS 'Who works on a practice, and as what: practice manager (PM) or surveyor (SU).';

-- sequence practice_users_id_seq
ALTER TABLE public.practice_users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.practice_users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table practices
CREATE TABLE public.practices (
    organisation_id integer NOT NULL,
    status text DEFAULT 'APPLICATION'::text NOT NULL,
    active_status text DEFAULT 'ACTIVE'::text NOT NULL,
    network_id integer,
    is_in_practice_network boolean DEFAULT false NOT NULL,
    practice_type text,
    mmm text,
    phn text,
    pip_id text,
    meets_gp_definition boolean,
    is_amds boolean DEFAULT false NOT NULL,
    is_branch boolean DEFAULT false NOT NULL,
    branch_or_main text,
    is_first_accreditation boolean DEFAULT true NOT NULL,
    is_receiving_incentives boolean DEFAULT false NOT NULL,
    previous_provider text,
    previous_standard text,
    previous_expiry_date date,
    previous_certificate_document_id integer,
    first_application_started_date date,
    initial_swpe numeric(10,2),
    tnc_signed boolean DEFAULT false NOT NULL,
    authorization_signed boolean DEFAULT false NOT NULL,
    is_staff_first_view boolean DEFAULT true NOT NULL,
    is_documents_first_view boolean DEFAULT true NOT NULL,
    show_message_after_renewal_payment boolean DEFAULT false NOT NULL,
    doctor_head_count integer DEFAULT 0 NOT NULL,
    doctor_max_count integer DEFAULT 0 NOT NULL,
    nurse_head_count integer DEFAULT 0 NOT NULL,
    nurse_max_count integer DEFAULT 0 NOT NULL,
    allied_health_head_count integer DEFAULT 0 NOT NULL,
    allied_health_max_count integer DEFAULT 0 NOT NULL,
    support_staff_head_count integer DEFAULT 0 NOT NULL,
    support_staff_max_count integer DEFAULT 0 NOT NULL,
    current_accreditation_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    main_practice_id integer,
    CONSTRAINT practices_allied_health_head_count_check CHECK ((allied_health_head_count >= 0)),
    CONSTRAINT practices_allied_health_max_count_check CHECK ((allied_health_max_count >= 0)),
    CONSTRAINT practices_branch_flag CHECK (((branch_or_main IS NULL) OR ((branch_or_main = 'BRANCH'::text) = is_branch))),
    CONSTRAINT practices_doctor_head_count_check CHECK ((doctor_head_count >= 0)),
    CONSTRAINT practices_doctor_max_count_check CHECK ((doctor_max_count >= 0)),
    CONSTRAINT practices_initial_swpe_check CHECK ((initial_swpe >= (0)::numeric)),
    CONSTRAINT practices_main_practice_not_self CHECK ((main_practice_id IS DISTINCT FROM organisation_id)),
    CONSTRAINT practices_main_practice_only_branch CHECK (((main_practice_id IS NULL) OR is_branch)),
    CONSTRAINT practices_network_flag CHECK (((network_id IS NULL) OR is_in_practice_network)),
    CONSTRAINT practices_nurse_head_count_check CHECK ((nurse_head_count >= 0)),
    CONSTRAINT practices_nurse_max_count_check CHECK ((nurse_max_count >= 0)),
    CONSTRAINT practices_phn_control_characters CHECK ((phn !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practices_pip_id_control_characters CHECK ((pip_id !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practices_previous_provider_control_characters CHECK ((previous_provider !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practices_previous_standard_control_characters CHECK ((previous_standard !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT practices_support_staff_head_count_check CHECK ((support_staff_head_count >= 0)),
    CONSTRAINT practices_support_staff_max_count_check CHECK ((support_staff_max_count >= 0))
);

-- comment TABLE practices
COMMENT ON TABLE public.practices IS 'A medical practice accredited by the provider; its key is its organisation''s id.';

-- comment COLUMN practices.organisation_id
COMMENT ON COLUMN public.practices.organisation_id IS 'The organisation this practice is (organisation_ptr_id).';

-- comment COLUMN practices.main_practice_id
COMMENT ON COLUMN public.practices.main_practice_id IS 'The main practice this branch site belongs to (branches only).';

-- table preferred_days
CREATE TABLE public.preferred_days (
    id integer NOT NULL,
    survey_visit_id integer NOT NULL,
    user_id integer NOT NULL,
    day date NOT NULL,
    available boolean DEFAULT true NOT NULL,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT preferred_days_reason_control_characters CHECK ((reason !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT preferred_days_reason_when_unavailable CHECK ((available OR (reason IS NOT NULL)))
);

-- comment TABLE preferred_days
COMMENT ON TABLE public.preferred_days IS 'Days a surveyor can or cannot do a visit (availability).';

-- sequence preferred_days_id_seq
ALTER TABLE public.preferred_days ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.preferred_days_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table public_holidays
CREATE TABLE public.public_holidays (
    day date NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT public_holidays_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100))),
    CONSTRAINT public_holidays_name_control_characters CHECK ((name !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'::text))
);

-- comment TABLE public_holidays
COMMENT ON TABLE public.public_holidays IS 'National public holidays (with observed substitute days) that business-day timelines skip.';

-- table reapplication_status
CREATE TABLE public.reapplication_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT reapplication_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE reapplication_status
COMMENT ON TABLE public.reapplication_status IS 'Status of a renewal (reapplication).';

-- table reapplications
CREATE TABLE public.reapplications (
    id integer NOT NULL,
    practice_id integer NOT NULL,
    accreditation_id integer,
    status text DEFAULT 'DUE'::text NOT NULL,
    due_date date,
    paid_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    submitted_at timestamp with time zone,
    submitted_by_id integer,
    CONSTRAINT reapplications_submission_stamp_whole CHECK (((submitted_at IS NULL) = (submitted_by_id IS NULL)))
);

-- comment TABLE reapplications
COMMENT ON TABLE public.reapplications IS 'A renewal of accreditation: due, awaiting payment, completed.';

-- comment COLUMN reapplications.submitted_at
COMMENT ON COLUMN public.reapplications.submitted_at IS 'When the practice submitted the renewal (DUE → PAYMENT_PENDING).';

-- comment COLUMN reapplications.submitted_by_id
COMMENT ON COLUMN public.reapplications.submitted_by_id IS 'Who submitted the renewal.';

-- sequence reapplications_id_seq
ALTER TABLE public.reapplications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.reapplications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table registration_lookups
CREATE TABLE public.registration_lookups (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    looked_up_at timestamp with time zone DEFAULT now() NOT NULL
);

-- comment TABLE registration_lookups
COMMENT ON TABLE public.registration_lookups IS 'One row per registration-number look-up of a practice manager, for its hourly limit.';

-- sequence registration_lookups_id_seq
ALTER TABLE public.registration_lookups ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.registration_lookups_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table review_history
CREATE TABLE public.review_history (
    id integer NOT NULL,
    assessment_id integer NOT NULL,
    sent_by_id integer,
    sent_to text NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL
);

-- comment TABLE review_history
COMMENT ON TABLE public.review_history IS 'Each time a practice was notified that non-conformities were reviewed.';

-- sequence review_history_id_seq
ALTER TABLE public.review_history ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.review_history_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table risk_level
CREATE TABLE public.risk_level (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT risk_level_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE risk_level
COMMENT ON TABLE public.risk_level IS 'Likelihood or impact of a risk.';

-- table risk_rating
CREATE TABLE public.risk_rating (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT risk_rating_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE risk_rating
COMMENT ON TABLE public.risk_rating IS 'Risk rating from the likelihood x impact matrix.';

-- table session_handoffs
CREATE TABLE public.session_handoffs (
    id bigint NOT NULL,
    code_hash text NOT NULL,
    binder_hash text NOT NULL,
    family_id uuid NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    CONSTRAINT session_handoffs_check CHECK ((expires_at > created_at))
);

-- comment TABLE session_handoffs
COMMENT ON TABLE public.session_handoffs IS 'One-time codes (hashed) handing a browser''s session to the app; bound to that browser, single use.';

-- sequence session_handoffs_id_seq
ALTER TABLE public.session_handoffs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.session_handoffs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table sessions
CREATE TABLE public.sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id integer NOT NULL,
    family_id uuid NOT NULL,
    refresh_token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    revoked_at timestamp with time zone,
    user_agent text,
    ip_address inet,
    CONSTRAINT sessions_check CHECK ((expires_at > created_at))
);

-- comment TABLE sessions
COMMENT ON TABLE public.sessions IS 'Refresh tokens (hashed), one row per issued token; rotation keeps the family.';

-- table staff_type
CREATE TABLE public.staff_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT staff_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE staff_type
COMMENT ON TABLE public.staff_type IS 'Type of a staff member.';

-- sequence survey_versions_id_seq
ALTER TABLE public.survey_versions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.survey_versions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence survey_visitors_id_seq
ALTER TABLE public.survey_visitors ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.survey_visitors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence survey_visits_id_seq
ALTER TABLE public.survey_visits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.survey_visits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- sequence surveyor_conflicts_id_seq
ALTER TABLE public.surveyor_conflicts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.surveyor_conflicts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table surveyor_profiles
CREATE TABLE public.surveyor_profiles (
    user_id integer NOT NULL,
    rate_classification text DEFAULT 'STANDARD'::text NOT NULL,
    home_state text,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    is_gp boolean DEFAULT false NOT NULL
);

-- comment TABLE surveyor_profiles
COMMENT ON TABLE public.surveyor_profiles IS 'Surveyor-only details of a user.';

-- table surveyor_rate_classification
CREATE TABLE public.surveyor_rate_classification (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT surveyor_rate_classification_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE surveyor_rate_classification
COMMENT ON TABLE public.surveyor_rate_classification IS 'Pay rate classification of a surveyor.';

-- table users
CREATE TABLE public.users (
    id integer NOT NULL,
    email public.citext NOT NULL,
    password_hash text,
    title text,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    phone text,
    avatar_key text,
    is_staff boolean DEFAULT false NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    is_qam boolean DEFAULT false NOT NULL,
    is_superadmin boolean DEFAULT false NOT NULL,
    is_surveyor boolean DEFAULT false NOT NULL,
    has_special_access boolean DEFAULT false NOT NULL,
    failed_login_count integer DEFAULT 0 NOT NULL,
    locked_until timestamp with time zone,
    last_login_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT users_email_check CHECK ((email OPERATOR(public.~) '^[^@\s]+@[^@\s]+\.[^@\s]+$'::public.citext)),
    CONSTRAINT users_email_control_characters CHECK ((email OPERATOR(public.!~) '[\u0001-\u001F\u007F-\u009F]'::public.citext)),
    CONSTRAINT users_failed_login_count_check CHECK ((failed_login_count >= 0)),
    CONSTRAINT users_first_name_check CHECK ((length(first_name) <= 150)),
    CONSTRAINT users_first_name_control_characters CHECK ((first_name !~ '[\u0001-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT users_last_name_check CHECK ((length(last_name) <= 150)),
    CONSTRAINT users_last_name_control_characters CHECK ((last_name !~ '[\u0001-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT users_phone_control_characters CHECK ((phone !~ '[\u0001-\u001F\u007F-\u009F]'::text)),
    CONSTRAINT users_superadmin_is_admin CHECK (((NOT is_superadmin) OR is_admin))
);

-- comment TABLE users
COMMENT ON TABLE public.users IS 'Everyone who can sign in: practice managers, surveyors, QAMs and provider admins.';

-- sequence users_id_seq
ALTER TABLE public.users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- table visit_reason
CREATE TABLE public.visit_reason (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT visit_reason_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE visit_reason
COMMENT ON TABLE public.visit_reason IS 'Why a survey visit is made (the planning choice list).';

-- table visit_status
CREATE TABLE public.visit_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT visit_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE visit_status
COMMENT ON TABLE public.visit_status IS 'Status of a survey visit.';

-- table visit_type
CREATE TABLE public.visit_type (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT visit_type_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE visit_type
COMMENT ON TABLE public.visit_type IS 'Type of a survey visit.';

-- table visitor_status
CREATE TABLE public.visitor_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT visitor_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE visitor_status
COMMENT ON TABLE public.visitor_status IS 'A surveyor''s answer to a survey visit offer.';

-- table vr_status
CREATE TABLE public.vr_status (
    value text NOT NULL,
    comment text NOT NULL,
    CONSTRAINT vr_status_value_check CHECK ((value ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text))
);

-- comment TABLE vr_status
COMMENT ON TABLE public.vr_status IS 'Vocational registration status of a GP.';

-- table webinar_connections
CREATE TABLE public.webinar_connections (
    user_id integer NOT NULL,
    access_token_enc text NOT NULL,
    refresh_token_enc text,
    expires_at timestamp with time zone,
    connected_at timestamp with time zone DEFAULT now() NOT NULL
);

-- comment TABLE webinar_connections
COMMENT ON TABLE public.webinar_connections IS 'Webinar provider tokens per user, encrypted; read only by the actions service.';

-- table data accreditation_status
INSERT INTO public.accreditation_status VALUES
	('OPEN', 'Open'),
	('CLOSED', 'Closed');

-- table data active_status
INSERT INTO public.active_status VALUES
	('ACTIVE', 'Active'),
	('INACTIVE', 'Inactive');

-- table data assessment_status
INSERT INTO public.assessment_status VALUES
	('IN_PROGRESS', 'In progress'),
	('PARTIALLY_SUBMITTED', 'Partially submitted'),
	('UNDER_REVIEW', 'Under review'),
	('COMPLETED', 'Completed'),
	('ACTION_REQUIRED', 'Action required'),
	('APPROVED', 'Approved'),
	('CERTIFIED', 'Certified');

-- table data assessment_type
INSERT INTO public.assessment_type VALUES
	('PRESURVEY', 'Self assessment'),
	('SURVEY_VISIT', 'Survey visit assessment');

-- table data australian_state
INSERT INTO public.australian_state VALUES
	('ACT', 'Australian Capital Territory'),
	('NSW', 'New South Wales'),
	('NT', 'Northern Territory'),
	('QLD', 'Queensland'),
	('SA', 'South Australia'),
	('TAS', 'Tasmania'),
	('VIC', 'Victoria'),
	('WA', 'Western Australia');

-- table data branch_or_main
INSERT INTO public.branch_or_main VALUES
	('MAIN', 'Main practice'),
	('BRANCH', 'Branch practice');

-- table data certificate_type
INSERT INTO public.certificate_type VALUES
	('ACCREDITATION', 'Accreditation'),
	('REGISTRATION', 'Registration'),
	('EXTENSION', 'Extension');

-- table data certificate_validity
INSERT INTO public.certificate_validity VALUES
	('VALID', 'Valid'),
	('SUPERSEDED', 'Superseded'),
	('REVOKED', 'Revoked');

-- table data comment_relationship
INSERT INTO public.comment_relationship VALUES
	('PRACTICE', 'Practice'),
	('SURVEYOR', 'Surveyor'),
	('PROVIDER', 'Provider');

-- table data compliance
INSERT INTO public.compliance VALUES
	('MET', 'Met'),
	('NOT_MET', 'Not met'),
	('NOT_APPLICABLE', 'Not applicable');

-- table data confirmation_form_status
INSERT INTO public.confirmation_form_status VALUES
	('NOT_SENT', 'Not sent'),
	('SENT', 'Sent'),
	('RECEIVED', 'Received');

-- table data contact_type
INSERT INTO public.contact_type VALUES
	('ACCREDITATION', 'Accreditation contact'),
	('GP', 'GP contact'),
	('NURSE', 'Nurse contact'),
	('SUPPORT', 'Support contact');

-- table data email_status
INSERT INTO public.email_status VALUES
	('PENDING', 'Pending'),
	('SENT', 'Sent'),
	('FAILED', 'Failed');

-- table data employment_status
INSERT INTO public.employment_status VALUES
	('ACTIVE', 'Active'),
	('INACTIVE', 'Inactive');

-- table data employment_type
INSERT INTO public.employment_type VALUES
	('EMPLOYEE', 'Employee'),
	('CONTRACTOR', 'Contractor'),
	('OWNER', 'Owner or partner');

-- table data folder_code
INSERT INTO public.folder_code VALUES
	('STAFF_DOCUMENTS', 'Staff documents'),
	('SURVEY_VISIT_DOCUMENTS', 'Survey visit documents'),
	('PREV_ACCRED', 'Previous accreditation'),
	('POLICIES', 'Policies and procedures'),
	('GENERAL', 'General');

-- table data fte_band
INSERT INTO public.fte_band VALUES
	('FTE_0_25', 'Up to 0.25 FTE'),
	('FTE_25_50', '0.25 to 0.5 FTE'),
	('FTE_50_75', '0.5 to 0.75 FTE'),
	('FTE_75_100', '0.75 to 1 FTE');

-- table data indicator_set_type
INSERT INTO public.indicator_set_type VALUES
	('STANDARDS', 'Standards'),
	('MODULE', 'Optional module');

-- table data invite_status
INSERT INTO public.invite_status VALUES
	('INVITED', 'Invited'),
	('ACCEPTED', 'Accepted'),
	('REJECTED', 'Rejected'),
	('REVOKED', 'Revoked');

-- table data mmm_classification
INSERT INTO public.mmm_classification VALUES
	('MM1', 'MM 1 Metropolitan'),
	('MM2', 'MM 2 Regional centre'),
	('MM3', 'MM 3 Large rural town'),
	('MM4', 'MM 4 Medium rural town'),
	('MM5', 'MM 5 Small rural town'),
	('MM6', 'MM 6 Remote community'),
	('MM7', 'MM 7 Very remote community');

-- table data non_conformity_status
INSERT INTO public.non_conformity_status VALUES
	('OPEN', 'Open'),
	('CLOSED', 'Closed');

-- table data organisation_structure
INSERT INTO public.organisation_structure VALUES
	('COMPANY', 'Company'),
	('PARTNERSHIP', 'Partnership'),
	('SOLE_TRADER', 'Sole trader'),
	('TRUST', 'Trust'),
	('GOVERNMENT', 'Government'),
	('NOT_FOR_PROFIT', 'Not for profit');

-- table data person_title
INSERT INTO public.person_title VALUES
	('MR', 'Mr'),
	('MRS', 'Mrs'),
	('MISS', 'Miss'),
	('MS', 'Ms'),
	('DR', 'Dr'),
	('PROF', 'Prof'),
	('ASSOC_PROF', 'Assoc Prof');

-- table data practice_role
INSERT INTO public.practice_role VALUES
	('PM', 'Practice manager'),
	('SU', 'Surveyor');

-- table data practice_status
INSERT INTO public.practice_status VALUES
	('APPLICATION', 'Application started'),
	('PAYMENT_PENDING', 'Payment pending'),
	('IN_PROGRESS', 'Accreditation in progress'),
	('ACCREDITED', 'Accredited'),
	('EXPIRED', 'Accreditation expired'),
	('WITHDRAWN', 'Withdrawn');

-- table data practice_type
INSERT INTO public.practice_type VALUES
	('GENERAL_PRACTICE', 'General practice'),
	('ABORIGINAL_MEDICAL_SERVICE', 'Aboriginal community controlled health service'),
	('AFTER_HOURS', 'After hours service'),
	('MEDICAL_DEPUTISING_SERVICE', 'Medical deputising service'),
	('UNIVERSITY_HEALTH_SERVICE', 'University health service'),
	('OTHER', 'Other');

-- table data public_holidays
INSERT INTO public.public_holidays VALUES
	('2024-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2024-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2024-03-29', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2024-04-01', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2024-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2024-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2024-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2025-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2025-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2025-01-27', 'Australia Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2025-04-18', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2025-04-21', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2025-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2025-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2025-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2026-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2026-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2026-04-03', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2026-04-06', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2026-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2026-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2026-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2026-12-28', 'Boxing Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2027-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2027-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2027-03-26', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2027-03-29', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2027-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2027-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2027-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2027-12-27', 'Christmas Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2027-12-28', 'Boxing Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2028-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2028-01-03', 'New Year''s Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2028-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2028-04-14', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2028-04-17', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2028-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2028-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2028-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2029-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2029-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2029-03-30', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2029-04-02', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2029-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2029-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2029-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2030-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2030-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2030-01-28', 'Australia Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2030-04-19', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2030-04-22', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2030-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2030-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2030-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2031-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2031-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2031-01-27', 'Australia Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2031-04-11', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2031-04-14', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2031-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2031-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2031-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2032-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2032-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2032-03-26', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2032-03-29', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2032-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2032-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2032-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2032-12-27', 'Christmas Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2032-12-28', 'Boxing Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2033-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2033-01-03', 'New Year''s Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2033-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2033-04-15', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2033-04-18', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2033-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2033-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2033-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2033-12-27', 'Christmas Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2034-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2034-01-02', 'New Year''s Day (observed)', '2026-11-29 22:00:29.325973+00'),
	('2034-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2034-04-07', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2034-04-10', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2034-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2034-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2034-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00'),
	('2035-01-01', 'New Year''s Day', '2026-11-29 22:00:29.325973+00'),
	('2035-01-26', 'Australia Day', '2026-11-29 22:00:29.325973+00'),
	('2035-03-23', 'Good Friday', '2026-11-29 22:00:29.325973+00'),
	('2035-03-26', 'Easter Monday', '2026-11-29 22:00:29.325973+00'),
	('2035-04-25', 'Anzac Day', '2026-11-29 22:00:29.325973+00'),
	('2035-12-25', 'Christmas Day', '2026-11-29 22:00:29.325973+00'),
	('2035-12-26', 'Boxing Day', '2026-11-29 22:00:29.325973+00');

-- table data reapplication_status
INSERT INTO public.reapplication_status VALUES
	('DUE', 'Renewal due'),
	('PAYMENT_PENDING', 'Renewal payment due'),
	('COMPLETED', 'Completed'),
	('WITHDRAWN', 'Withdrawn');

-- table data risk_level
INSERT INTO public.risk_level VALUES
	('LOW', 'Low'),
	('MODERATE', 'Moderate'),
	('HIGH', 'High');

-- table data risk_rating
INSERT INTO public.risk_rating VALUES
	('CRITICAL', 'Critical'),
	('HIGH', 'Major'),
	('MODERATE', 'Moderate'),
	('LOW', 'Minor');

-- table data staff_type
INSERT INTO public.staff_type VALUES
	('gp', 'GP'),
	('nurse', 'Nurse'),
	('support', 'Support staff'),
	('allied_health', 'Allied health'),
	('other', 'Other');

-- table data surveyor_rate_classification
INSERT INTO public.surveyor_rate_classification VALUES
	('STANDARD', 'Standard'),
	('SENIOR', 'Senior'),
	('LEAD', 'Lead');

-- table data visit_reason
INSERT INTO public.visit_reason VALUES
	('INITIAL_ACCREDITATION', 'Initial accreditation'),
	('REACCREDITATION', 'Re-accreditation (renewal of the cycle)'),
	('MID_CYCLE_SURVEILLANCE', 'Mid-cycle surveillance'),
	('RELOCATION', 'Practice relocation or new premises'),
	('GAP_ASSESSMENT', 'Gap assessment against a new edition of the standards'),
	('FOLLOW_UP', 'Follow-up of non-conformities'),
	('COMPLAINT', 'In response to a complaint or notification');

-- table data visit_status
INSERT INTO public.visit_status VALUES
	('PLANNING', 'Planning'),
	('PREFERRED_DAYS_REQ', 'Preferred days requested'),
	('DRAFT', 'Draft'),
	('FINAL', 'Final');

-- table data visit_type
INSERT INTO public.visit_type VALUES
	('ACCREDITATION', 'Survey'),
	('SURVEILLANCE', 'Surveillance'),
	('RELOCATION', 'Relocation'),
	('GAP', 'Gap');

-- table data visitor_status
INSERT INTO public.visitor_status VALUES
	('OFFERED', 'Offered'),
	('ACCEPTED', 'Accepted'),
	('DECLINED', 'Declined');

-- table data vr_status
INSERT INTO public.vr_status VALUES
	('VR', 'Vocationally registered'),
	('NON_VR', 'Not vocationally registered'),
	('FELLOWSHIP_PATHWAY', 'On a fellowship pathway');

-- constraint accreditation_status accreditation_status_pkey
ALTER TABLE ONLY public.accreditation_status
    ADD CONSTRAINT accreditation_status_pkey PRIMARY KEY (value);

-- constraint accreditations accreditations_pkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_pkey PRIMARY KEY (id);

-- constraint action_plan_activities action_plan_activities_pkey
ALTER TABLE ONLY public.action_plan_activities
    ADD CONSTRAINT action_plan_activities_pkey PRIMARY KEY (id);

-- constraint active_status active_status_pkey
ALTER TABLE ONLY public.active_status
    ADD CONSTRAINT active_status_pkey PRIMARY KEY (value);

-- constraint addresses addresses_pkey
ALTER TABLE ONLY public.addresses
    ADD CONSTRAINT addresses_pkey PRIMARY KEY (id);

-- constraint assessment_status_changes assessment_status_changes_pkey
ALTER TABLE ONLY public.assessment_status_changes
    ADD CONSTRAINT assessment_status_changes_pkey PRIMARY KEY (id);

-- constraint assessment_status assessment_status_pkey
ALTER TABLE ONLY public.assessment_status
    ADD CONSTRAINT assessment_status_pkey PRIMARY KEY (value);

-- constraint assessment_submissions assessment_submissions_pkey
ALTER TABLE ONLY public.assessment_submissions
    ADD CONSTRAINT assessment_submissions_pkey PRIMARY KEY (id);

-- constraint assessment_type assessment_type_pkey
ALTER TABLE ONLY public.assessment_type
    ADD CONSTRAINT assessment_type_pkey PRIMARY KEY (value);

-- constraint assessments assessments_pkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_pkey PRIMARY KEY (id);

-- constraint assessments assessments_survey_visit_id_key
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_survey_visit_id_key UNIQUE (survey_visit_id);

-- constraint assistance_requests assistance_requests_pkey
ALTER TABLE ONLY public.assistance_requests
    ADD CONSTRAINT assistance_requests_pkey PRIMARY KEY (id);

-- constraint audit_log audit_log_pkey
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

-- constraint australian_state australian_state_pkey
ALTER TABLE ONLY public.australian_state
    ADD CONSTRAINT australian_state_pkey PRIMARY KEY (value);

-- constraint branch_or_main branch_or_main_pkey
ALTER TABLE ONLY public.branch_or_main
    ADD CONSTRAINT branch_or_main_pkey PRIMARY KEY (value);

-- constraint certificate_type certificate_type_pkey
ALTER TABLE ONLY public.certificate_type
    ADD CONSTRAINT certificate_type_pkey PRIMARY KEY (value);

-- constraint certificate_validity certificate_validity_pkey
ALTER TABLE ONLY public.certificate_validity
    ADD CONSTRAINT certificate_validity_pkey PRIMARY KEY (value);

-- constraint certificates certificates_certificate_number_key
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_certificate_number_key UNIQUE (certificate_number);

-- constraint certificates certificates_pkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_pkey PRIMARY KEY (id);

-- constraint certificates certificates_verification_code_key
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_verification_code_key UNIQUE (verification_code);

-- constraint checklist_items checklist_items_checklist_id_item_number_key
ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_checklist_id_item_number_key UNIQUE (checklist_id, item_number);

-- constraint checklist_items checklist_items_pkey
ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_pkey PRIMARY KEY (id);

-- constraint checklists checklists_indicator_id_question_number_key
ALTER TABLE ONLY public.checklists
    ADD CONSTRAINT checklists_indicator_id_question_number_key UNIQUE (indicator_id, question_number);

-- constraint checklists checklists_pkey
ALTER TABLE ONLY public.checklists
    ADD CONSTRAINT checklists_pkey PRIMARY KEY (id);

-- constraint comment_relationship comment_relationship_pkey
ALTER TABLE ONLY public.comment_relationship
    ADD CONSTRAINT comment_relationship_pkey PRIMARY KEY (value);

-- constraint comments comments_pkey
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_pkey PRIMARY KEY (id);

-- constraint compliance compliance_pkey
ALTER TABLE ONLY public.compliance
    ADD CONSTRAINT compliance_pkey PRIMARY KEY (value);

-- constraint confidentiality_signs confidentiality_signs_assessment_id_user_id_key
ALTER TABLE ONLY public.confidentiality_signs
    ADD CONSTRAINT confidentiality_signs_assessment_id_user_id_key UNIQUE (assessment_id, user_id);

-- constraint confidentiality_signs confidentiality_signs_pkey
ALTER TABLE ONLY public.confidentiality_signs
    ADD CONSTRAINT confidentiality_signs_pkey PRIMARY KEY (id);

-- constraint confirmation_form_status confirmation_form_status_pkey
ALTER TABLE ONLY public.confirmation_form_status
    ADD CONSTRAINT confirmation_form_status_pkey PRIMARY KEY (value);

-- constraint contact_type contact_type_pkey
ALTER TABLE ONLY public.contact_type
    ADD CONSTRAINT contact_type_pkey PRIMARY KEY (value);

-- constraint contacts contacts_pkey
ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_pkey PRIMARY KEY (id);

-- constraint documents documents_pkey
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_pkey PRIMARY KEY (id);

-- constraint documents documents_storage_key_key
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_storage_key_key UNIQUE (storage_key);

-- constraint email_outbox email_outbox_pkey
ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_pkey PRIMARY KEY (id);

-- constraint email_status email_status_pkey
ALTER TABLE ONLY public.email_status
    ADD CONSTRAINT email_status_pkey PRIMARY KEY (value);

-- constraint employment_status employment_status_pkey
ALTER TABLE ONLY public.employment_status
    ADD CONSTRAINT employment_status_pkey PRIMARY KEY (value);

-- constraint employment_type employment_type_pkey
ALTER TABLE ONLY public.employment_type
    ADD CONSTRAINT employment_type_pkey PRIMARY KEY (value);

-- constraint folder_code folder_code_pkey
ALTER TABLE ONLY public.folder_code
    ADD CONSTRAINT folder_code_pkey PRIMARY KEY (value);

-- constraint folders folders_pkey
ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_pkey PRIMARY KEY (id);

-- constraint fte_band fte_band_pkey
ALTER TABLE ONLY public.fte_band
    ADD CONSTRAINT fte_band_pkey PRIMARY KEY (value);

-- constraint general_comments general_comments_pkey
ALTER TABLE ONLY public.general_comments
    ADD CONSTRAINT general_comments_pkey PRIMARY KEY (id);

-- constraint indicator_locks indicator_locks_indicator_response_id_user_id_key
ALTER TABLE ONLY public.indicator_locks
    ADD CONSTRAINT indicator_locks_indicator_response_id_user_id_key UNIQUE (indicator_response_id, user_id);

-- constraint indicator_locks indicator_locks_pkey
ALTER TABLE ONLY public.indicator_locks
    ADD CONSTRAINT indicator_locks_pkey PRIMARY KEY (id);

-- constraint indicator_resources indicator_resources_pkey
ALTER TABLE ONLY public.indicator_resources
    ADD CONSTRAINT indicator_resources_pkey PRIMARY KEY (id);

-- constraint indicator_responses indicator_responses_assessment_id_indicator_id_key
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_assessment_id_indicator_id_key UNIQUE (assessment_id, indicator_id);

-- constraint indicator_responses indicator_responses_pkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_pkey PRIMARY KEY (id);

-- constraint indicator_set_type indicator_set_type_pkey
ALTER TABLE ONLY public.indicator_set_type
    ADD CONSTRAINT indicator_set_type_pkey PRIMARY KEY (value);

-- constraint indicator_sets indicator_sets_pkey
ALTER TABLE ONLY public.indicator_sets
    ADD CONSTRAINT indicator_sets_pkey PRIMARY KEY (id);

-- constraint indicator_sets indicator_sets_survey_version_id_full_code_key
ALTER TABLE ONLY public.indicator_sets
    ADD CONSTRAINT indicator_sets_survey_version_id_full_code_key UNIQUE (survey_version_id, full_code);

-- constraint indicators indicators_indicator_set_id_code_key
ALTER TABLE ONLY public.indicators
    ADD CONSTRAINT indicators_indicator_set_id_code_key UNIQUE (indicator_set_id, code);

-- constraint indicators indicators_pkey
ALTER TABLE ONLY public.indicators
    ADD CONSTRAINT indicators_pkey PRIMARY KEY (id);

-- constraint invitations invitations_pkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (id);

-- constraint invitations invitations_token_hash_key
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_token_hash_key UNIQUE (token_hash);

-- constraint invite_status invite_status_pkey
ALTER TABLE ONLY public.invite_status
    ADD CONSTRAINT invite_status_pkey PRIMARY KEY (value);

-- constraint login_attempts login_attempts_pkey
ALTER TABLE ONLY public.login_attempts
    ADD CONSTRAINT login_attempts_pkey PRIMARY KEY (email_hash);

-- constraint mmm_classification mmm_classification_pkey
ALTER TABLE ONLY public.mmm_classification
    ADD CONSTRAINT mmm_classification_pkey PRIMARY KEY (value);

-- constraint non_conformity_status non_conformity_status_pkey
ALTER TABLE ONLY public.non_conformity_status
    ADD CONSTRAINT non_conformity_status_pkey PRIMARY KEY (value);

-- constraint organisation_structure organisation_structure_pkey
ALTER TABLE ONLY public.organisation_structure
    ADD CONSTRAINT organisation_structure_pkey PRIMARY KEY (value);

-- constraint organisations organisations_pkey
ALTER TABLE ONLY public.organisations
    ADD CONSTRAINT organisations_pkey PRIMARY KEY (id);

-- constraint password_resets password_resets_pkey
ALTER TABLE ONLY public.password_resets
    ADD CONSTRAINT password_resets_pkey PRIMARY KEY (id);

-- constraint password_resets password_resets_token_hash_key
ALTER TABLE ONLY public.password_resets
    ADD CONSTRAINT password_resets_token_hash_key UNIQUE (token_hash);

-- constraint pending_registrations pending_registrations_pkey
ALTER TABLE ONLY public.pending_registrations
    ADD CONSTRAINT pending_registrations_pkey PRIMARY KEY (id);

-- constraint pending_registrations pending_registrations_token_hash_key
ALTER TABLE ONLY public.pending_registrations
    ADD CONSTRAINT pending_registrations_token_hash_key UNIQUE (token_hash);

-- constraint person_title person_title_pkey
ALTER TABLE ONLY public.person_title
    ADD CONSTRAINT person_title_pkey PRIMARY KEY (value);

-- constraint practice_networks practice_networks_name_key
ALTER TABLE ONLY public.practice_networks
    ADD CONSTRAINT practice_networks_name_key UNIQUE (name);

-- constraint practice_networks practice_networks_pkey
ALTER TABLE ONLY public.practice_networks
    ADD CONSTRAINT practice_networks_pkey PRIMARY KEY (id);

-- constraint practice_role practice_role_pkey
ALTER TABLE ONLY public.practice_role
    ADD CONSTRAINT practice_role_pkey PRIMARY KEY (value);

-- constraint practice_staff practice_staff_pkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_pkey PRIMARY KEY (id);

-- constraint practice_status practice_status_pkey
ALTER TABLE ONLY public.practice_status
    ADD CONSTRAINT practice_status_pkey PRIMARY KEY (value);

-- constraint practice_type practice_type_pkey
ALTER TABLE ONLY public.practice_type
    ADD CONSTRAINT practice_type_pkey PRIMARY KEY (value);

-- constraint practice_users practice_users_pkey
ALTER TABLE ONLY public.practice_users
    ADD CONSTRAINT practice_users_pkey PRIMARY KEY (id);

-- constraint practice_users practice_users_practice_id_user_id_role_key
ALTER TABLE ONLY public.practice_users
    ADD CONSTRAINT practice_users_practice_id_user_id_role_key UNIQUE (practice_id, user_id, role);

-- constraint practices practices_pkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_pkey PRIMARY KEY (organisation_id);

-- constraint preferred_days preferred_days_pkey
ALTER TABLE ONLY public.preferred_days
    ADD CONSTRAINT preferred_days_pkey PRIMARY KEY (id);

-- constraint preferred_days preferred_days_survey_visit_id_user_id_day_key
ALTER TABLE ONLY public.preferred_days
    ADD CONSTRAINT preferred_days_survey_visit_id_user_id_day_key UNIQUE (survey_visit_id, user_id, day);

-- constraint public_holidays public_holidays_pkey
ALTER TABLE ONLY public.public_holidays
    ADD CONSTRAINT public_holidays_pkey PRIMARY KEY (day);

-- constraint reapplication_status reapplication_status_pkey
ALTER TABLE ONLY public.reapplication_status
    ADD CONSTRAINT reapplication_status_pkey PRIMARY KEY (value);

-- constraint reapplications reapplications_pkey
ALTER TABLE ONLY public.reapplications
    ADD CONSTRAINT reapplications_pkey PRIMARY KEY (id);

-- constraint registration_lookups registration_lookups_pkey
ALTER TABLE ONLY public.registration_lookups
    ADD CONSTRAINT registration_lookups_pkey PRIMARY KEY (id);

-- constraint review_history review_history_pkey
ALTER TABLE ONLY public.review_history
    ADD CONSTRAINT review_history_pkey PRIMARY KEY (id);

-- constraint risk_level risk_level_pkey
ALTER TABLE ONLY public.risk_level
    ADD CONSTRAINT risk_level_pkey PRIMARY KEY (value);

-- constraint risk_rating risk_rating_pkey
ALTER TABLE ONLY public.risk_rating
    ADD CONSTRAINT risk_rating_pkey PRIMARY KEY (value);

-- constraint session_handoffs session_handoffs_code_hash_key
ALTER TABLE ONLY public.session_handoffs
    ADD CONSTRAINT session_handoffs_code_hash_key UNIQUE (code_hash);

-- constraint session_handoffs session_handoffs_pkey
ALTER TABLE ONLY public.session_handoffs
    ADD CONSTRAINT session_handoffs_pkey PRIMARY KEY (id);

-- constraint sessions sessions_pkey
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

-- constraint sessions sessions_refresh_token_hash_key
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_refresh_token_hash_key UNIQUE (refresh_token_hash);

-- constraint staff_type staff_type_pkey
ALTER TABLE ONLY public.staff_type
    ADD CONSTRAINT staff_type_pkey PRIMARY KEY (value);

-- constraint survey_versions survey_versions_code_key
ALTER TABLE ONLY public.survey_versions
    ADD CONSTRAINT survey_versions_code_key UNIQUE (code);

-- constraint survey_versions survey_versions_pkey
ALTER TABLE ONLY public.survey_versions
    ADD CONSTRAINT survey_versions_pkey PRIMARY KEY (id);

-- constraint survey_visitors survey_visitors_pkey
ALTER TABLE ONLY public.survey_visitors
    ADD CONSTRAINT survey_visitors_pkey PRIMARY KEY (id);

-- constraint survey_visitors survey_visitors_survey_visit_id_user_id_key
ALTER TABLE ONLY public.survey_visitors
    ADD CONSTRAINT survey_visitors_survey_visit_id_user_id_key UNIQUE (survey_visit_id, user_id);

-- constraint survey_visits survey_visits_pkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_pkey PRIMARY KEY (id);

-- constraint surveyor_conflicts surveyor_conflicts_pkey
ALTER TABLE ONLY public.surveyor_conflicts
    ADD CONSTRAINT surveyor_conflicts_pkey PRIMARY KEY (id);

-- constraint surveyor_profiles surveyor_profiles_pkey
ALTER TABLE ONLY public.surveyor_profiles
    ADD CONSTRAINT surveyor_profiles_pkey PRIMARY KEY (user_id);

-- constraint surveyor_rate_classification surveyor_rate_classification_pkey
ALTER TABLE ONLY public.surveyor_rate_classification
    ADD CONSTRAINT surveyor_rate_classification_pkey PRIMARY KEY (value);

-- constraint users users_email_key
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_key UNIQUE (email);

-- constraint users users_pkey
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

-- constraint visit_reason visit_reason_pkey
ALTER TABLE ONLY public.visit_reason
    ADD CONSTRAINT visit_reason_pkey PRIMARY KEY (value);

-- constraint visit_status visit_status_pkey
ALTER TABLE ONLY public.visit_status
    ADD CONSTRAINT visit_status_pkey PRIMARY KEY (value);

-- constraint visit_type visit_type_pkey
ALTER TABLE ONLY public.visit_type
    ADD CONSTRAINT visit_type_pkey PRIMARY KEY (value);

-- constraint visitor_status visitor_status_pkey
ALTER TABLE ONLY public.visitor_status
    ADD CONSTRAINT visitor_status_pkey PRIMARY KEY (value);

-- constraint vr_status vr_status_pkey
ALTER TABLE ONLY public.vr_status
    ADD CONSTRAINT vr_status_pkey PRIMARY KEY (value);

-- constraint webinar_connections webinar_connections_pkey
ALTER TABLE ONLY public.webinar_connections
    ADD CONSTRAINT webinar_connections_pkey PRIMARY KEY (user_id);

-- index accreditations_effective_expiry_date_idx
CREATE INDEX accreditations_effective_expiry_date_idx ON public.accreditations USING btree (effective_expiry_date, id);

-- index accreditations_expiry_date_idx
CREATE INDEX accreditations_expiry_date_idx ON public.accreditations USING btree (expiry_date);

-- index accreditations_one_open_per_practice
CREATE UNIQUE INDEX accreditations_one_open_per_practice ON public.accreditations USING btree (practice_id) WHERE ((status = 'OPEN'::text) AND (NOT archived));

-- index accreditations_practice_all_idx
CREATE INDEX accreditations_practice_all_idx ON public.accreditations USING btree (practice_id);

-- index accreditations_practice_id_idx
CREATE INDEX accreditations_practice_id_idx ON public.accreditations USING btree (practice_id, created_at DESC) WHERE (NOT archived);

-- index accreditations_qam_id_idx
CREATE INDEX accreditations_qam_id_idx ON public.accreditations USING btree (qam_id);

-- index action_plan_activities_response_idx
CREATE INDEX action_plan_activities_response_idx ON public.action_plan_activities USING btree (indicator_response_id);

-- index addresses_state_idx
CREATE INDEX addresses_state_idx ON public.addresses USING btree (state);

-- index addresses_suburb_trgm_idx
CREATE INDEX addresses_suburb_trgm_idx ON public.addresses USING gin (suburb public.gin_trgm_ops);

-- index assessment_status_changes_assessment_idx
CREATE INDEX assessment_status_changes_assessment_idx ON public.assessment_status_changes USING btree (assessment_id, changed_at DESC);

-- index assessment_submissions_one_live
CREATE UNIQUE INDEX assessment_submissions_one_live ON public.assessment_submissions USING btree (assessment_id, user_id) WHERE (withdrawn_at IS NULL);

-- index assessments_accreditation_id_idx
CREATE INDEX assessments_accreditation_id_idx ON public.assessments USING btree (accreditation_id);

-- index assessments_one_self_assessment
CREATE UNIQUE INDEX assessments_one_self_assessment ON public.assessments USING btree (accreditation_id) WHERE (type = 'PRESURVEY'::text);

-- index assessments_status_idx
CREATE INDEX assessments_status_idx ON public.assessments USING btree (status);

-- index assistance_requests_assessment_idx
CREATE INDEX assistance_requests_assessment_idx ON public.assistance_requests USING btree (assessment_id);

-- index assistance_requests_user_created_idx
CREATE INDEX assistance_requests_user_created_idx ON public.assistance_requests USING btree (user_id, created_at DESC);

-- index audit_log_changed_by_idx
CREATE INDEX audit_log_changed_by_idx ON public.audit_log USING btree (changed_by_id, changed_at DESC);

-- index audit_log_table_row_idx
CREATE INDEX audit_log_table_row_idx ON public.audit_log USING btree (table_name, row_id, changed_at DESC);

-- index certificates_accreditation_id_idx
CREATE INDEX certificates_accreditation_id_idx ON public.certificates USING btree (accreditation_id);

-- index certificates_one_valid_per_assessment
CREATE UNIQUE INDEX certificates_one_valid_per_assessment ON public.certificates USING btree (assessment_id) WHERE ((validity = 'VALID'::text) AND (assessment_id IS NOT NULL));

-- index certificates_practice_id_idx
CREATE INDEX certificates_practice_id_idx ON public.certificates USING btree (practice_id, validity);

-- index comments_practice_id_idx
CREATE INDEX comments_practice_id_idx ON public.comments USING btree (practice_id);

-- index comments_response_created_idx
CREATE INDEX comments_response_created_idx ON public.comments USING btree (indicator_response_id, created_at DESC) WHERE (NOT archived);

-- index contacts_practice_id_idx
CREATE INDEX contacts_practice_id_idx ON public.contacts USING btree (practice_id);

-- index documents_folder_id_idx
CREATE INDEX documents_folder_id_idx ON public.documents USING btree (folder_id);

-- index documents_indicator_response_id_idx
CREATE INDEX documents_indicator_response_id_idx ON public.documents USING btree (indicator_response_id) WHERE (indicator_response_id IS NOT NULL);

-- index documents_name_trgm_idx
CREATE INDEX documents_name_trgm_idx ON public.documents USING gin (name public.gin_trgm_ops);

-- index documents_practice_folder_idx
CREATE INDEX documents_practice_folder_idx ON public.documents USING btree (practice_id, folder_id, created_at DESC) WHERE (NOT archived);

-- index email_outbox_pending_idx
CREATE INDEX email_outbox_pending_idx ON public.email_outbox USING btree (created_at) WHERE (status = 'PENDING'::text);

-- index folders_code_unique
CREATE UNIQUE INDEX folders_code_unique ON public.folders USING btree (code) WHERE ((code IS NOT NULL) AND (practice_id IS NULL) AND (NOT archived));

-- index folders_name_unique
CREATE UNIQUE INDEX folders_name_unique ON public.folders USING btree (COALESCE(practice_id, 0), lower(name)) WHERE (NOT archived);

-- index folders_practice_id_idx
CREATE INDEX folders_practice_id_idx ON public.folders USING btree (practice_id);

-- index general_comments_one_per_surveyor
CREATE UNIQUE INDEX general_comments_one_per_surveyor ON public.general_comments USING btree (assessment_id, user_id) WHERE (NOT archived);

-- index indicator_locks_assessment_id_idx
CREATE INDEX indicator_locks_assessment_id_idx ON public.indicator_locks USING btree (assessment_id);

-- index indicator_resources_general_idx
CREATE INDEX indicator_resources_general_idx ON public.indicator_resources USING btree (kind, name) WHERE (indicator_id IS NULL);

-- index indicator_resources_indicator_id_idx
CREATE INDEX indicator_resources_indicator_id_idx ON public.indicator_resources USING btree (indicator_id);

-- index indicator_responses_indicator_id_idx
CREATE INDEX indicator_responses_indicator_id_idx ON public.indicator_responses USING btree (indicator_id);

-- index invitations_practice_id_idx
CREATE INDEX invitations_practice_id_idx ON public.invitations USING btree (practice_id);

-- index invitations_practice_staff_id_idx
CREATE INDEX invitations_practice_staff_id_idx ON public.invitations USING btree (practice_staff_id, date_invited DESC);

-- index login_attempts_updated_at_idx
CREATE INDEX login_attempts_updated_at_idx ON public.login_attempts USING btree (updated_at);

-- index organisations_name_idx
CREATE INDEX organisations_name_idx ON public.organisations USING btree (lower(name));

-- index organisations_name_trgm_idx
CREATE INDEX organisations_name_trgm_idx ON public.organisations USING gin (name public.gin_trgm_ops);

-- index organisations_physical_address_id_idx
CREATE INDEX organisations_physical_address_id_idx ON public.organisations USING btree (physical_address_id);

-- index password_resets_one_open_per_user_idx
CREATE UNIQUE INDEX password_resets_one_open_per_user_idx ON public.password_resets USING btree (user_id) WHERE ((used_at IS NULL) AND (superseded_at IS NULL));

-- index password_resets_user_id_idx
CREATE INDEX password_resets_user_id_idx ON public.password_resets USING btree (user_id);

-- index pending_registrations_email_idx
CREATE INDEX pending_registrations_email_idx ON public.pending_registrations USING btree (email);

-- index pending_registrations_expires_at_idx
CREATE INDEX pending_registrations_expires_at_idx ON public.pending_registrations USING btree (expires_at);

-- index practice_staff_practice_id_idx
CREATE INDEX practice_staff_practice_id_idx ON public.practice_staff USING btree (practice_id, last_name, first_name) WHERE (NOT archived);

-- index practice_staff_registration_num_trgm_idx
CREATE INDEX practice_staff_registration_num_trgm_idx ON public.practice_staff USING gin (registration_num public.gin_trgm_ops);

-- index practice_staff_user_id_idx
CREATE INDEX practice_staff_user_id_idx ON public.practice_staff USING btree (user_id);

-- index practice_users_user_id_idx
CREATE INDEX practice_users_user_id_idx ON public.practice_users USING btree (user_id, practice_id) WHERE active;

-- index practices_current_accreditation_id_idx
CREATE INDEX practices_current_accreditation_id_idx ON public.practices USING btree (current_accreditation_id);

-- index practices_main_practice_id_idx
CREATE INDEX practices_main_practice_id_idx ON public.practices USING btree (main_practice_id);

-- index practices_network_id_idx
CREATE INDEX practices_network_id_idx ON public.practices USING btree (network_id);

-- index practices_status_idx
CREATE INDEX practices_status_idx ON public.practices USING btree (status);

-- index preferred_days_user_id_idx
CREATE INDEX preferred_days_user_id_idx ON public.preferred_days USING btree (user_id);

-- index reapplications_one_active_per_practice
CREATE UNIQUE INDEX reapplications_one_active_per_practice ON public.reapplications USING btree (practice_id) WHERE (status = ANY (ARRAY['DUE'::text, 'PAYMENT_PENDING'::text]));

-- index reapplications_practice_id_idx
CREATE INDEX reapplications_practice_id_idx ON public.reapplications USING btree (practice_id, status);

-- index registration_lookups_user_time_idx
CREATE INDEX registration_lookups_user_time_idx ON public.registration_lookups USING btree (user_id, looked_up_at);

-- index review_history_assessment_id_idx
CREATE INDEX review_history_assessment_id_idx ON public.review_history USING btree (assessment_id, sent_at DESC);

-- index session_handoffs_user_id_idx
CREATE INDEX session_handoffs_user_id_idx ON public.session_handoffs USING btree (user_id);

-- index sessions_family_id_idx
CREATE INDEX sessions_family_id_idx ON public.sessions USING btree (family_id);

-- index sessions_user_id_idx
CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);

-- index survey_versions_one_current
CREATE UNIQUE INDEX survey_versions_one_current ON public.survey_versions USING btree (is_current) WHERE is_current;

-- index survey_visitors_one_lead
CREATE UNIQUE INDEX survey_visitors_one_lead ON public.survey_visitors USING btree (survey_visit_id) WHERE is_lead;

-- index survey_visitors_user_id_idx
CREATE INDEX survey_visitors_user_id_idx ON public.survey_visitors USING btree (user_id);

-- index survey_visits_accreditation_id_idx
CREATE INDEX survey_visits_accreditation_id_idx ON public.survey_visits USING btree (accreditation_id);

-- index survey_visits_status_due_idx
CREATE INDEX survey_visits_status_due_idx ON public.survey_visits USING btree (status, due);

-- index surveyor_conflicts_user_id_idx
CREATE INDEX surveyor_conflicts_user_id_idx ON public.surveyor_conflicts USING btree (user_id) WHERE (NOT archived);

-- trigger accreditations accreditations_audit
CREATE TRIGGER accreditations_audit AFTER INSERT OR DELETE OR UPDATE ON public.accreditations FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger accreditations accreditations_refresh_current
CREATE TRIGGER accreditations_refresh_current AFTER INSERT OR DELETE OR UPDATE OF practice_id, archived, created_at ON public.accreditations FOR EACH ROW EXECUTE FUNCTION public.refresh_current_accreditation();

-- trigger accreditations accreditations_set_updated_at
CREATE TRIGGER accreditations_set_updated_at BEFORE UPDATE ON public.accreditations FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger action_plan_activities action_plan_activities_audit
CREATE TRIGGER action_plan_activities_audit AFTER INSERT OR DELETE OR UPDATE ON public.action_plan_activities FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger action_plan_activities action_plan_activities_guard
CREATE TRIGGER action_plan_activities_guard BEFORE INSERT OR UPDATE ON public.action_plan_activities FOR EACH ROW EXECUTE FUNCTION public.action_plan_activities_guard();

-- trigger addresses addresses_audit
CREATE TRIGGER addresses_audit AFTER INSERT OR DELETE OR UPDATE ON public.addresses FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger assessment_status_changes assessment_status_changes_audit
CREATE TRIGGER assessment_status_changes_audit AFTER INSERT OR DELETE OR UPDATE ON public.assessment_status_changes FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger assessment_submissions assessment_submissions_audit
CREATE TRIGGER assessment_submissions_audit AFTER INSERT OR DELETE OR UPDATE ON public.assessment_submissions FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger assessments assessments_audit
CREATE TRIGGER assessments_audit AFTER INSERT OR DELETE OR UPDATE ON public.assessments FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger assessments assessments_set_updated_at
CREATE TRIGGER assessments_set_updated_at BEFORE UPDATE ON public.assessments FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger audit_log audit_log_append_only
CREATE TRIGGER audit_log_append_only BEFORE INSERT OR DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();

-- trigger audit_log audit_log_no_truncate
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();

-- trigger certificates certificates_audit
CREATE TRIGGER certificates_audit AFTER INSERT OR DELETE OR UPDATE ON public.certificates FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger checklist_items checklist_items_audit
CREATE TRIGGER checklist_items_audit AFTER INSERT OR DELETE OR UPDATE ON public.checklist_items FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger checklists checklists_audit
CREATE TRIGGER checklists_audit AFTER INSERT OR DELETE OR UPDATE ON public.checklists FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger comments comments_audit
CREATE TRIGGER comments_audit AFTER INSERT OR DELETE OR UPDATE ON public.comments FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger comments comments_set_updated_at
CREATE TRIGGER comments_set_updated_at BEFORE UPDATE ON public.comments FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger confidentiality_signs confidentiality_signs_audit
CREATE TRIGGER confidentiality_signs_audit AFTER INSERT OR DELETE OR UPDATE ON public.confidentiality_signs FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger contacts contacts_audit
CREATE TRIGGER contacts_audit AFTER INSERT OR DELETE OR UPDATE ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger contacts contacts_set_updated_at
CREATE TRIGGER contacts_set_updated_at BEFORE UPDATE ON public.contacts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger documents documents_audit
CREATE TRIGGER documents_audit AFTER INSERT OR DELETE OR UPDATE ON public.documents FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger documents documents_name_guard
CREATE TRIGGER documents_name_guard BEFORE UPDATE OF name ON public.documents FOR EACH ROW WHEN ((new.name IS DISTINCT FROM old.name)) EXECUTE FUNCTION public.documents_name_guard();

-- trigger documents documents_stamp_archive
CREATE TRIGGER documents_stamp_archive BEFORE INSERT OR UPDATE OF archived ON public.documents FOR EACH ROW EXECUTE FUNCTION public.stamp_document_archive();

-- trigger folders folders_audit
CREATE TRIGGER folders_audit AFTER INSERT OR DELETE OR UPDATE ON public.folders FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger general_comments general_comments_audit
CREATE TRIGGER general_comments_audit AFTER INSERT OR DELETE OR UPDATE ON public.general_comments FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger general_comments general_comments_set_updated_at
CREATE TRIGGER general_comments_set_updated_at BEFORE UPDATE ON public.general_comments FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger indicator_locks indicator_locks_set_expiry
CREATE TRIGGER indicator_locks_set_expiry BEFORE INSERT OR UPDATE ON public.indicator_locks FOR EACH ROW EXECUTE FUNCTION public.indicator_locks_set_expiry();

-- trigger indicator_resources indicator_resources_audit
CREATE TRIGGER indicator_resources_audit AFTER INSERT OR DELETE OR UPDATE ON public.indicator_resources FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger indicator_responses indicator_responses_audit
CREATE TRIGGER indicator_responses_audit AFTER INSERT OR DELETE OR UPDATE ON public.indicator_responses FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger indicator_responses indicator_responses_guard
CREATE TRIGGER indicator_responses_guard BEFORE INSERT OR UPDATE ON public.indicator_responses FOR EACH ROW EXECUTE FUNCTION public.indicator_responses_guard();

-- trigger indicator_responses indicator_responses_set_updated_at
CREATE TRIGGER indicator_responses_set_updated_at BEFORE UPDATE ON public.indicator_responses FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger indicator_sets indicator_sets_audit
CREATE TRIGGER indicator_sets_audit AFTER INSERT OR DELETE OR UPDATE ON public.indicator_sets FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger indicators indicators_audit
CREATE TRIGGER indicators_audit AFTER INSERT OR DELETE OR UPDATE ON public.indicators FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger invitations invitations_audit
CREATE TRIGGER invitations_audit AFTER INSERT OR DELETE OR UPDATE ON public.invitations FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger organisations organisations_audit
CREATE TRIGGER organisations_audit AFTER INSERT OR DELETE OR UPDATE ON public.organisations FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger organisations organisations_set_updated_at
CREATE TRIGGER organisations_set_updated_at BEFORE UPDATE ON public.organisations FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger practice_networks practice_networks_audit
CREATE TRIGGER practice_networks_audit AFTER INSERT OR DELETE OR UPDATE ON public.practice_networks FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger practice_staff practice_staff_audit
CREATE TRIGGER practice_staff_audit AFTER INSERT OR DELETE OR UPDATE ON public.practice_staff FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger practice_staff practice_staff_guard
CREATE TRIGGER practice_staff_guard BEFORE INSERT OR UPDATE ON public.practice_staff FOR EACH ROW EXECUTE FUNCTION public.practice_staff_guard();

-- trigger practice_staff practice_staff_set_updated_at
CREATE TRIGGER practice_staff_set_updated_at BEFORE UPDATE ON public.practice_staff FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger practice_users practice_users_audit
CREATE TRIGGER practice_users_audit AFTER INSERT OR DELETE OR UPDATE ON public.practice_users FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger practices practices_audit
CREATE TRIGGER practices_audit AFTER INSERT OR DELETE OR UPDATE ON public.practices FOR EACH ROW EXECUTE FUNCTION public.audit_row('organisation_id');

-- trigger practices practices_set_updated_at
CREATE TRIGGER practices_set_updated_at BEFORE UPDATE ON public.practices FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger preferred_days preferred_days_audit
CREATE TRIGGER preferred_days_audit AFTER INSERT OR DELETE OR UPDATE ON public.preferred_days FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger public_holidays public_holidays_audit
CREATE TRIGGER public_holidays_audit AFTER INSERT OR DELETE OR UPDATE ON public.public_holidays FOR EACH ROW EXECUTE FUNCTION public.audit_row('day');

-- trigger reapplications reapplications_audit
CREATE TRIGGER reapplications_audit AFTER INSERT OR DELETE OR UPDATE ON public.reapplications FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger reapplications reapplications_set_updated_at
CREATE TRIGGER reapplications_set_updated_at BEFORE UPDATE ON public.reapplications FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger review_history review_history_audit
CREATE TRIGGER review_history_audit AFTER INSERT OR DELETE OR UPDATE ON public.review_history FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger survey_versions survey_versions_audit
CREATE TRIGGER survey_versions_audit AFTER INSERT OR DELETE OR UPDATE ON public.survey_versions FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger survey_visitors survey_visitors_audit
CREATE TRIGGER survey_visitors_audit AFTER INSERT OR DELETE OR UPDATE ON public.survey_visitors FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger survey_visits survey_visits_audit
CREATE TRIGGER survey_visits_audit AFTER INSERT OR DELETE OR UPDATE ON public.survey_visits FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger survey_visits survey_visits_set_updated_at
CREATE TRIGGER survey_visits_set_updated_at BEFORE UPDATE ON public.survey_visits FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger surveyor_conflicts surveyor_conflicts_audit
CREATE TRIGGER surveyor_conflicts_audit AFTER INSERT OR DELETE OR UPDATE ON public.surveyor_conflicts FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger surveyor_conflicts surveyor_conflicts_set_updated_at
CREATE TRIGGER surveyor_conflicts_set_updated_at BEFORE UPDATE ON public.surveyor_conflicts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- trigger surveyor_profiles surveyor_profiles_audit
CREATE TRIGGER surveyor_profiles_audit AFTER INSERT OR DELETE OR UPDATE ON public.surveyor_profiles FOR EACH ROW EXECUTE FUNCTION public.audit_row('user_id');

-- trigger users users_admin_email_notice
CREATE TRIGGER users_admin_email_notice AFTER UPDATE OF email ON public.users FOR EACH ROW WHEN (((old.is_admin OR old.is_superadmin) AND (new.email IS DISTINCT FROM old.email))) EXECUTE FUNCTION public.users_admin_email_notice();

-- trigger users users_admin_guard
CREATE TRIGGER users_admin_guard BEFORE UPDATE OF email, is_admin, is_superadmin ON public.users FOR EACH ROW EXECUTE FUNCTION public.users_admin_guard();

-- trigger users users_audit
CREATE TRIGGER users_audit AFTER INSERT OR DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION public.audit_row('id');

-- trigger users users_set_updated_at
CREATE TRIGGER users_set_updated_at BEFORE UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- fk constraint accreditations accreditations_nominated_accreditation_contact_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_nominated_accreditation_contact_id_fkey FOREIGN KEY (nominated_accreditation_contact_id) REFERENCES public.contacts(id);

-- fk constraint accreditations accreditations_nominated_gp_contact_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_nominated_gp_contact_id_fkey FOREIGN KEY (nominated_gp_contact_id) REFERENCES public.contacts(id);

-- fk constraint accreditations accreditations_nominated_nurse_contact_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_nominated_nurse_contact_id_fkey FOREIGN KEY (nominated_nurse_contact_id) REFERENCES public.contacts(id);

-- fk constraint accreditations accreditations_nominated_support_contact_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_nominated_support_contact_id_fkey FOREIGN KEY (nominated_support_contact_id) REFERENCES public.contacts(id);

-- fk constraint accreditations accreditations_practice_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint accreditations accreditations_qam_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_qam_id_fkey FOREIGN KEY (qam_id) REFERENCES public.users(id);

-- fk constraint accreditations accreditations_status_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_status_fkey FOREIGN KEY (status) REFERENCES public.accreditation_status(value);

-- fk constraint accreditations accreditations_survey_version_id_fkey
ALTER TABLE ONLY public.accreditations
    ADD CONSTRAINT accreditations_survey_version_id_fkey FOREIGN KEY (survey_version_id) REFERENCES public.survey_versions(id);

-- fk constraint action_plan_activities action_plan_activities_closed_by_id_fkey
ALTER TABLE ONLY public.action_plan_activities
    ADD CONSTRAINT action_plan_activities_closed_by_id_fkey FOREIGN KEY (closed_by_id) REFERENCES public.users(id);

-- fk constraint action_plan_activities action_plan_activities_created_by_id_fkey
ALTER TABLE ONLY public.action_plan_activities
    ADD CONSTRAINT action_plan_activities_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES public.users(id);

-- fk constraint action_plan_activities action_plan_activities_indicator_response_id_fkey
ALTER TABLE ONLY public.action_plan_activities
    ADD CONSTRAINT action_plan_activities_indicator_response_id_fkey FOREIGN KEY (indicator_response_id) REFERENCES public.indicator_responses(id);

-- fk constraint action_plan_activities action_plan_activities_status_fkey
ALTER TABLE ONLY public.action_plan_activities
    ADD CONSTRAINT action_plan_activities_status_fkey FOREIGN KEY (status) REFERENCES public.non_conformity_status(value);

-- fk constraint addresses addresses_state_fkey
ALTER TABLE ONLY public.addresses
    ADD CONSTRAINT addresses_state_fkey FOREIGN KEY (state) REFERENCES public.australian_state(value);

-- fk constraint assessment_status_changes assessment_status_changes_assessment_id_fkey
ALTER TABLE ONLY public.assessment_status_changes
    ADD CONSTRAINT assessment_status_changes_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint assessment_status_changes assessment_status_changes_changed_by_id_fkey
ALTER TABLE ONLY public.assessment_status_changes
    ADD CONSTRAINT assessment_status_changes_changed_by_id_fkey FOREIGN KEY (changed_by_id) REFERENCES public.users(id);

-- fk constraint assessment_status_changes assessment_status_changes_from_status_fkey
ALTER TABLE ONLY public.assessment_status_changes
    ADD CONSTRAINT assessment_status_changes_from_status_fkey FOREIGN KEY (from_status) REFERENCES public.assessment_status(value);

-- fk constraint assessment_status_changes assessment_status_changes_to_status_fkey
ALTER TABLE ONLY public.assessment_status_changes
    ADD CONSTRAINT assessment_status_changes_to_status_fkey FOREIGN KEY (to_status) REFERENCES public.assessment_status(value);

-- fk constraint assessment_submissions assessment_submissions_assessment_id_fkey
ALTER TABLE ONLY public.assessment_submissions
    ADD CONSTRAINT assessment_submissions_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint assessment_submissions assessment_submissions_user_id_fkey
ALTER TABLE ONLY public.assessment_submissions
    ADD CONSTRAINT assessment_submissions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint assessment_submissions assessment_submissions_withdrawn_by_id_fkey
ALTER TABLE ONLY public.assessment_submissions
    ADD CONSTRAINT assessment_submissions_withdrawn_by_id_fkey FOREIGN KEY (withdrawn_by_id) REFERENCES public.users(id);

-- fk constraint assessments assessments_accreditation_id_fkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_accreditation_id_fkey FOREIGN KEY (accreditation_id) REFERENCES public.accreditations(id);

-- fk constraint assessments assessments_copied_from_assessment_id_fkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_copied_from_assessment_id_fkey FOREIGN KEY (copied_from_assessment_id) REFERENCES public.assessments(id);

-- fk constraint assessments assessments_last_updated_by_id_fkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_last_updated_by_id_fkey FOREIGN KEY (last_updated_by_id) REFERENCES public.users(id);

-- fk constraint assessments assessments_status_fkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_status_fkey FOREIGN KEY (status) REFERENCES public.assessment_status(value);

-- fk constraint assessments assessments_survey_visit_id_fkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_survey_visit_id_fkey FOREIGN KEY (survey_visit_id) REFERENCES public.survey_visits(id);

-- fk constraint assessments assessments_type_fkey
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_type_fkey FOREIGN KEY (type) REFERENCES public.assessment_type(value);

-- fk constraint assistance_requests assistance_requests_assessment_id_fkey
ALTER TABLE ONLY public.assistance_requests
    ADD CONSTRAINT assistance_requests_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint assistance_requests assistance_requests_email_outbox_id_fkey
ALTER TABLE ONLY public.assistance_requests
    ADD CONSTRAINT assistance_requests_email_outbox_id_fkey FOREIGN KEY (email_outbox_id) REFERENCES public.email_outbox(id);

-- fk constraint assistance_requests assistance_requests_user_id_fkey
ALTER TABLE ONLY public.assistance_requests
    ADD CONSTRAINT assistance_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint certificates certificates_accreditation_id_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_accreditation_id_fkey FOREIGN KEY (accreditation_id) REFERENCES public.accreditations(id);

-- fk constraint certificates certificates_assessment_id_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint certificates certificates_certified_by_id_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_certified_by_id_fkey FOREIGN KEY (certified_by_id) REFERENCES public.users(id);

-- fk constraint certificates certificates_issued_by_id_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_issued_by_id_fkey FOREIGN KEY (issued_by_id) REFERENCES public.users(id);

-- fk constraint certificates certificates_practice_id_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint certificates certificates_superseded_by_id_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_superseded_by_id_fkey FOREIGN KEY (superseded_by_id) REFERENCES public.certificates(id);

-- fk constraint certificates certificates_type_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_type_fkey FOREIGN KEY (type) REFERENCES public.certificate_type(value);

-- fk constraint certificates certificates_validity_fkey
ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_validity_fkey FOREIGN KEY (validity) REFERENCES public.certificate_validity(value);

-- fk constraint checklist_items checklist_items_checklist_id_fkey
ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_checklist_id_fkey FOREIGN KEY (checklist_id) REFERENCES public.checklists(id);

-- fk constraint checklists checklists_indicator_id_fkey
ALTER TABLE ONLY public.checklists
    ADD CONSTRAINT checklists_indicator_id_fkey FOREIGN KEY (indicator_id) REFERENCES public.indicators(id);

-- fk constraint comments comments_created_by_id_fkey
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES public.users(id);

-- fk constraint comments comments_indicator_response_id_fkey
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_indicator_response_id_fkey FOREIGN KEY (indicator_response_id) REFERENCES public.indicator_responses(id);

-- fk constraint comments comments_practice_id_fkey
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint comments comments_practice_relationship_fkey
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_practice_relationship_fkey FOREIGN KEY (practice_relationship) REFERENCES public.comment_relationship(value);

-- fk constraint confidentiality_signs confidentiality_signs_assessment_id_fkey
ALTER TABLE ONLY public.confidentiality_signs
    ADD CONSTRAINT confidentiality_signs_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint confidentiality_signs confidentiality_signs_user_id_fkey
ALTER TABLE ONLY public.confidentiality_signs
    ADD CONSTRAINT confidentiality_signs_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint contacts contacts_practice_id_fkey
ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint contacts contacts_type_fkey
ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_type_fkey FOREIGN KEY (type) REFERENCES public.contact_type(value);

-- fk constraint contacts contacts_user_id_fkey
ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint documents documents_archived_by_id_fkey
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_archived_by_id_fkey FOREIGN KEY (archived_by_id) REFERENCES public.users(id);

-- fk constraint documents documents_created_by_id_fkey
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES public.users(id);

-- fk constraint documents documents_folder_id_fkey
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_folder_id_fkey FOREIGN KEY (folder_id) REFERENCES public.folders(id);

-- fk constraint documents documents_indicator_response_id_fkey
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_indicator_response_id_fkey FOREIGN KEY (indicator_response_id) REFERENCES public.indicator_responses(id);

-- fk constraint documents documents_practice_id_fkey
ALTER TABLE ONLY public.documents
    ADD CONSTRAINT documents_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint email_outbox email_outbox_status_fkey
ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_status_fkey FOREIGN KEY (status) REFERENCES public.email_status(value);

-- fk constraint folders folders_code_fkey
ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_code_fkey FOREIGN KEY (code) REFERENCES public.folder_code(value);

-- fk constraint folders folders_practice_id_fkey
ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint general_comments general_comments_assessment_id_fkey
ALTER TABLE ONLY public.general_comments
    ADD CONSTRAINT general_comments_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint general_comments general_comments_user_id_fkey
ALTER TABLE ONLY public.general_comments
    ADD CONSTRAINT general_comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint indicator_locks indicator_locks_assessment_id_fkey
ALTER TABLE ONLY public.indicator_locks
    ADD CONSTRAINT indicator_locks_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint indicator_locks indicator_locks_indicator_response_id_fkey
ALTER TABLE ONLY public.indicator_locks
    ADD CONSTRAINT indicator_locks_indicator_response_id_fkey FOREIGN KEY (indicator_response_id) REFERENCES public.indicator_responses(id);

-- fk constraint indicator_locks indicator_locks_user_id_fkey
ALTER TABLE ONLY public.indicator_locks
    ADD CONSTRAINT indicator_locks_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint indicator_resources indicator_resources_indicator_id_fkey
ALTER TABLE ONLY public.indicator_resources
    ADD CONSTRAINT indicator_resources_indicator_id_fkey FOREIGN KEY (indicator_id) REFERENCES public.indicators(id);

-- fk constraint indicator_responses indicator_responses_assessment_id_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint indicator_responses indicator_responses_compliance_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_compliance_fkey FOREIGN KEY (compliance) REFERENCES public.compliance(value);

-- fk constraint indicator_responses indicator_responses_indicator_id_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_indicator_id_fkey FOREIGN KEY (indicator_id) REFERENCES public.indicators(id);

-- fk constraint indicator_responses indicator_responses_last_updated_by_id_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_last_updated_by_id_fkey FOREIGN KEY (last_updated_by_id) REFERENCES public.users(id);

-- fk constraint indicator_responses indicator_responses_nc_status_created_by_id_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_nc_status_created_by_id_fkey FOREIGN KEY (nc_status_created_by_id) REFERENCES public.users(id);

-- fk constraint indicator_responses indicator_responses_non_conformity_status_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_non_conformity_status_fkey FOREIGN KEY (non_conformity_status) REFERENCES public.non_conformity_status(value);

-- fk constraint indicator_responses indicator_responses_risk_impact_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_risk_impact_fkey FOREIGN KEY (risk_impact) REFERENCES public.risk_level(value);

-- fk constraint indicator_responses indicator_responses_risk_likelihood_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_risk_likelihood_fkey FOREIGN KEY (risk_likelihood) REFERENCES public.risk_level(value);

-- fk constraint indicator_responses indicator_responses_risk_rating_fkey
ALTER TABLE ONLY public.indicator_responses
    ADD CONSTRAINT indicator_responses_risk_rating_fkey FOREIGN KEY (risk_rating) REFERENCES public.risk_rating(value);

-- fk constraint indicator_sets indicator_sets_survey_version_id_fkey
ALTER TABLE ONLY public.indicator_sets
    ADD CONSTRAINT indicator_sets_survey_version_id_fkey FOREIGN KEY (survey_version_id) REFERENCES public.survey_versions(id);

-- fk constraint indicator_sets indicator_sets_type_fkey
ALTER TABLE ONLY public.indicator_sets
    ADD CONSTRAINT indicator_sets_type_fkey FOREIGN KEY (type) REFERENCES public.indicator_set_type(value);

-- fk constraint indicators indicators_document_folder_id_fkey
ALTER TABLE ONLY public.indicators
    ADD CONSTRAINT indicators_document_folder_id_fkey FOREIGN KEY (document_folder_id) REFERENCES public.folders(id);

-- fk constraint indicators indicators_indicator_set_id_fkey
ALTER TABLE ONLY public.indicators
    ADD CONSTRAINT indicators_indicator_set_id_fkey FOREIGN KEY (indicator_set_id) REFERENCES public.indicator_sets(id);

-- fk constraint invitations invitations_accepted_user_id_fkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_accepted_user_id_fkey FOREIGN KEY (accepted_user_id) REFERENCES public.users(id);

-- fk constraint invitations invitations_invited_by_id_fkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_invited_by_id_fkey FOREIGN KEY (invited_by_id) REFERENCES public.users(id);

-- fk constraint invitations invitations_practice_id_fkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint invitations invitations_practice_staff_id_fkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_practice_staff_id_fkey FOREIGN KEY (practice_staff_id) REFERENCES public.practice_staff(id);

-- fk constraint invitations invitations_role_fkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_role_fkey FOREIGN KEY (role) REFERENCES public.practice_role(value);

-- fk constraint invitations invitations_status_fkey
ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_status_fkey FOREIGN KEY (status) REFERENCES public.invite_status(value);

-- fk constraint organisations organisations_billing_address_id_fkey
ALTER TABLE ONLY public.organisations
    ADD CONSTRAINT organisations_billing_address_id_fkey FOREIGN KEY (billing_address_id) REFERENCES public.addresses(id);

-- fk constraint organisations organisations_physical_address_id_fkey
ALTER TABLE ONLY public.organisations
    ADD CONSTRAINT organisations_physical_address_id_fkey FOREIGN KEY (physical_address_id) REFERENCES public.addresses(id);

-- fk constraint organisations organisations_postal_address_id_fkey
ALTER TABLE ONLY public.organisations
    ADD CONSTRAINT organisations_postal_address_id_fkey FOREIGN KEY (postal_address_id) REFERENCES public.addresses(id);

-- fk constraint organisations organisations_structure_fkey
ALTER TABLE ONLY public.organisations
    ADD CONSTRAINT organisations_structure_fkey FOREIGN KEY (structure) REFERENCES public.organisation_structure(value);

-- fk constraint password_resets password_resets_user_id_fkey
ALTER TABLE ONLY public.password_resets
    ADD CONSTRAINT password_resets_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint practice_staff practice_staff_cpd_evidence_document_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_cpd_evidence_document_id_fkey FOREIGN KEY (cpd_evidence_document_id) REFERENCES public.documents(id);

-- fk constraint practice_staff practice_staff_cpr_evidence_document_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_cpr_evidence_document_id_fkey FOREIGN KEY (cpr_evidence_document_id) REFERENCES public.documents(id);

-- fk constraint practice_staff practice_staff_created_by_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES public.users(id);

-- fk constraint practice_staff practice_staff_employment_status_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_employment_status_fkey FOREIGN KEY (employment_status) REFERENCES public.employment_status(value);

-- fk constraint practice_staff practice_staff_employment_type_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_employment_type_fkey FOREIGN KEY (employment_type) REFERENCES public.employment_type(value);

-- fk constraint practice_staff practice_staff_fte_band_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_fte_band_fkey FOREIGN KEY (fte_band) REFERENCES public.fte_band(value);

-- fk constraint practice_staff practice_staff_practice_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint practice_staff practice_staff_primary_qualification_document_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_primary_qualification_document_id_fkey FOREIGN KEY (primary_qualification_document_id) REFERENCES public.documents(id);

-- fk constraint practice_staff practice_staff_secondary_qualification_document_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_secondary_qualification_document_id_fkey FOREIGN KEY (secondary_qualification_document_id) REFERENCES public.documents(id);

-- fk constraint practice_staff practice_staff_title_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_title_fkey FOREIGN KEY (title) REFERENCES public.person_title(value);

-- fk constraint practice_staff practice_staff_training_evidence_document_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_training_evidence_document_id_fkey FOREIGN KEY (training_evidence_document_id) REFERENCES public.documents(id);

-- fk constraint practice_staff practice_staff_type_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_type_fkey FOREIGN KEY (type) REFERENCES public.staff_type(value);

-- fk constraint practice_staff practice_staff_user_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint practice_staff practice_staff_verified_by_id_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_verified_by_id_fkey FOREIGN KEY (verified_by_id) REFERENCES public.users(id);

-- fk constraint practice_staff practice_staff_vr_status_fkey
ALTER TABLE ONLY public.practice_staff
    ADD CONSTRAINT practice_staff_vr_status_fkey FOREIGN KEY (vr_status) REFERENCES public.vr_status(value);

-- fk constraint practice_users practice_users_practice_id_fkey
ALTER TABLE ONLY public.practice_users
    ADD CONSTRAINT practice_users_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint practice_users practice_users_role_fkey
ALTER TABLE ONLY public.practice_users
    ADD CONSTRAINT practice_users_role_fkey FOREIGN KEY (role) REFERENCES public.practice_role(value);

-- fk constraint practice_users practice_users_user_id_fkey
ALTER TABLE ONLY public.practice_users
    ADD CONSTRAINT practice_users_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint practices practices_active_status_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_active_status_fkey FOREIGN KEY (active_status) REFERENCES public.active_status(value);

-- fk constraint practices practices_branch_or_main_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_branch_or_main_fkey FOREIGN KEY (branch_or_main) REFERENCES public.branch_or_main(value);

-- fk constraint practices practices_current_accreditation_id_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_current_accreditation_id_fkey FOREIGN KEY (current_accreditation_id) REFERENCES public.accreditations(id) DEFERRABLE INITIALLY DEFERRED;

-- fk constraint practices practices_main_practice_id_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_main_practice_id_fkey FOREIGN KEY (main_practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint practices practices_mmm_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_mmm_fkey FOREIGN KEY (mmm) REFERENCES public.mmm_classification(value);

-- fk constraint practices practices_network_id_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_network_id_fkey FOREIGN KEY (network_id) REFERENCES public.practice_networks(id);

-- fk constraint practices practices_organisation_id_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_organisation_id_fkey FOREIGN KEY (organisation_id) REFERENCES public.organisations(id);

-- fk constraint practices practices_practice_type_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_practice_type_fkey FOREIGN KEY (practice_type) REFERENCES public.practice_type(value);

-- fk constraint practices practices_previous_certificate_document_id_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_previous_certificate_document_id_fkey FOREIGN KEY (previous_certificate_document_id) REFERENCES public.documents(id);

-- fk constraint practices practices_status_fkey
ALTER TABLE ONLY public.practices
    ADD CONSTRAINT practices_status_fkey FOREIGN KEY (status) REFERENCES public.practice_status(value);

-- fk constraint preferred_days preferred_days_survey_visit_id_fkey
ALTER TABLE ONLY public.preferred_days
    ADD CONSTRAINT preferred_days_survey_visit_id_fkey FOREIGN KEY (survey_visit_id) REFERENCES public.survey_visits(id);

-- fk constraint preferred_days preferred_days_user_id_fkey
ALTER TABLE ONLY public.preferred_days
    ADD CONSTRAINT preferred_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint reapplications reapplications_accreditation_id_fkey
ALTER TABLE ONLY public.reapplications
    ADD CONSTRAINT reapplications_accreditation_id_fkey FOREIGN KEY (accreditation_id) REFERENCES public.accreditations(id);

-- fk constraint reapplications reapplications_practice_id_fkey
ALTER TABLE ONLY public.reapplications
    ADD CONSTRAINT reapplications_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint reapplications reapplications_status_fkey
ALTER TABLE ONLY public.reapplications
    ADD CONSTRAINT reapplications_status_fkey FOREIGN KEY (status) REFERENCES public.reapplication_status(value);

-- fk constraint reapplications reapplications_submitted_by_id_fkey
ALTER TABLE ONLY public.reapplications
    ADD CONSTRAINT reapplications_submitted_by_id_fkey FOREIGN KEY (submitted_by_id) REFERENCES public.users(id);

-- fk constraint registration_lookups registration_lookups_user_id_fkey
ALTER TABLE ONLY public.registration_lookups
    ADD CONSTRAINT registration_lookups_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint review_history review_history_assessment_id_fkey
ALTER TABLE ONLY public.review_history
    ADD CONSTRAINT review_history_assessment_id_fkey FOREIGN KEY (assessment_id) REFERENCES public.assessments(id);

-- fk constraint review_history review_history_sent_by_id_fkey
ALTER TABLE ONLY public.review_history
    ADD CONSTRAINT review_history_sent_by_id_fkey FOREIGN KEY (sent_by_id) REFERENCES public.users(id);

-- fk constraint session_handoffs session_handoffs_user_id_fkey
ALTER TABLE ONLY public.session_handoffs
    ADD CONSTRAINT session_handoffs_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint sessions sessions_user_id_fkey
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint survey_visitors survey_visitors_offered_by_id_fkey
ALTER TABLE ONLY public.survey_visitors
    ADD CONSTRAINT survey_visitors_offered_by_id_fkey FOREIGN KEY (offered_by_id) REFERENCES public.users(id);

-- fk constraint survey_visitors survey_visitors_status_fkey
ALTER TABLE ONLY public.survey_visitors
    ADD CONSTRAINT survey_visitors_status_fkey FOREIGN KEY (status) REFERENCES public.visitor_status(value);

-- fk constraint survey_visitors survey_visitors_survey_visit_id_fkey
ALTER TABLE ONLY public.survey_visitors
    ADD CONSTRAINT survey_visitors_survey_visit_id_fkey FOREIGN KEY (survey_visit_id) REFERENCES public.survey_visits(id);

-- fk constraint survey_visitors survey_visitors_user_id_fkey
ALTER TABLE ONLY public.survey_visitors
    ADD CONSTRAINT survey_visitors_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint survey_visits survey_visits_accreditation_id_fkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_accreditation_id_fkey FOREIGN KEY (accreditation_id) REFERENCES public.accreditations(id);

-- fk constraint survey_visits survey_visits_confirmation_form_status_fkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_confirmation_form_status_fkey FOREIGN KEY (confirmation_form_status) REFERENCES public.confirmation_form_status(value);

-- fk constraint survey_visits survey_visits_confirmation_received_by_id_fkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_confirmation_received_by_id_fkey FOREIGN KEY (confirmation_received_by_id) REFERENCES public.users(id);

-- fk constraint survey_visits survey_visits_reason_fkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_reason_fkey FOREIGN KEY (reason) REFERENCES public.visit_reason(value);

-- fk constraint survey_visits survey_visits_status_fkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_status_fkey FOREIGN KEY (status) REFERENCES public.visit_status(value);

-- fk constraint survey_visits survey_visits_type_fkey
ALTER TABLE ONLY public.survey_visits
    ADD CONSTRAINT survey_visits_type_fkey FOREIGN KEY (type) REFERENCES public.visit_type(value);

-- fk constraint surveyor_conflicts surveyor_conflicts_network_id_fkey
ALTER TABLE ONLY public.surveyor_conflicts
    ADD CONSTRAINT surveyor_conflicts_network_id_fkey FOREIGN KEY (network_id) REFERENCES public.practice_networks(id);

-- fk constraint surveyor_conflicts surveyor_conflicts_practice_id_fkey
ALTER TABLE ONLY public.surveyor_conflicts
    ADD CONSTRAINT surveyor_conflicts_practice_id_fkey FOREIGN KEY (practice_id) REFERENCES public.practices(organisation_id);

-- fk constraint surveyor_conflicts surveyor_conflicts_user_id_fkey
ALTER TABLE ONLY public.surveyor_conflicts
    ADD CONSTRAINT surveyor_conflicts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint surveyor_profiles surveyor_profiles_home_state_fkey
ALTER TABLE ONLY public.surveyor_profiles
    ADD CONSTRAINT surveyor_profiles_home_state_fkey FOREIGN KEY (home_state) REFERENCES public.australian_state(value);

-- fk constraint surveyor_profiles surveyor_profiles_rate_classification_fkey
ALTER TABLE ONLY public.surveyor_profiles
    ADD CONSTRAINT surveyor_profiles_rate_classification_fkey FOREIGN KEY (rate_classification) REFERENCES public.surveyor_rate_classification(value);

-- fk constraint surveyor_profiles surveyor_profiles_user_id_fkey
ALTER TABLE ONLY public.surveyor_profiles
    ADD CONSTRAINT surveyor_profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

-- fk constraint users users_title_fkey
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_title_fkey FOREIGN KEY (title) REFERENCES public.person_title(value);

-- fk constraint webinar_connections webinar_connections_user_id_fkey
ALTER TABLE ONLY public.webinar_connections
    ADD CONSTRAINT webinar_connections_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
