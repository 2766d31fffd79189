-- No control characters in free text, whoever writes it (issue 28). The actions service refuses
-- them in every request (actions/src/plugins/app/request-guard.ts, with the domain's
-- CONTROL_CHARACTERS), but what is written straight through GraphQL (comments, summaries, staff,
-- contacts, a practice's details, a document's name...) or through the data console reached the
-- tables unchecked. The database now holds every user-written text column to the same rule,
-- mirroring packages/domain/src/validation/control-characters.ts exactly:
--
--   'text'     (CONTROL_CHARACTERS): no C0 control but TAB, LF and CR, no DEL, no C1. Multi-line
--              texts (comments, summaries, findings, reasons) keep their line breaks and tabs; so
--              does every field the actions take with no rule of its own, as the request guard does.
--   'one line' (ONE_LINE_CONTROL_CHARACTERS): TAB, LF and CR refused too, where the domain's schema
--              of the field is one line: a user's names and phone (ZPersonNameSchema,
--              ZAccountDetailsSchema), the names of a registration, e-mail addresses (whose own
--              CHECK already refuses white space), and a document's name (checkUpload).
--
-- NUL PostgreSQL refuses in text itself. Each column gets the CHECK
-- <table>_<column>_control_characters, so the engine's answer to a violating write names the table,
-- the column and the reason: 'Check constraint violation. new row for relation "comments"
-- violates check constraint "comments_comment_control_characters"' (code permission-error, as
-- Hasura answers a CHECK; packages/engine/src/exec/pg-errors.ts).
--
-- The columns, from the schema (every text, varchar and citext column of every table; checked
-- by hasura/tests/constraints.test.ts, which fails on a new column that is in neither list):
-- the list below, plus the two already held by limit_action_plan_texts
-- (action_plan_activities.description, .responsible, indicator_responses.action_plan). Not
-- user-written text, so not listed:
--   - the enum tables' value and comment (written by migrations) and every column referencing an
--     enum table (one value of a fixed list);
--   - columns whose own CHECK is a format without control characters: addresses.postcode,
--     addresses.country, contacts/practice_staff.phone_country_code, organisations.abn,
--     practice_networks.abn, certificates.verification_code, indicator_resources.kind,
--     login_attempts.email_hash, pending_registrations.token_hash, audit_log.operation;
--   - secrets and keys the server makes: users/pending_registrations.password_hash,
--     sessions.refresh_token_hash, password_resets.token_hash, invitations.token_hash,
--     webinar_connections.access_token_enc, .refresh_token_enc, documents.storage_key,
--     certificates.storage_key, .storage_key_a4, indicator_resources.storage_key, users.avatar_key;
--   - what the server writes itself: audit_log (table_name, row_id, changed_by_role),
--     email_outbox (subject, text_body, html_body, template, last_error, to_address: composed from
--     texts already checked), sessions.user_agent (the browser's header, as received),
--     review_history.sent_to, confidentiality_signs.agreement_version,
--     certificates.certificate_number, documents.file_type (the content type the upload resolved).
--
-- Existing rows: each CHECK is added NOT VALID (no table is scanned under a lock that blocks
-- writes), then validated one by one. A fresh database, the seeds and the demo data validate. Where
-- an existing row does hold a control character, its constraint stays NOT VALID with a WARNING
-- naming it: new and changed rows are held to the rule, the old text is kept as it is (no data is
-- ever changed by a migration), and the row cannot be updated until its text is corrected. Find
-- them with `select conrelid::regclass, conname from pg_constraint where not convalidated`; once
-- corrected, `alter table ... validate constraint ...` (docs/decisions/data-model.md).

do $$
declare
  rule record;
begin
  for rule in select * from (values
    ('addresses', 'address2', 'text'),
    ('addresses', 'street', 'text'),
    ('addresses', 'suburb', 'text'),
    ('addresses', 'unit', 'text'),
    ('assessment_status_changes', 'reason', 'text'),
    ('assistance_requests', 'message', 'text'),
    ('certificates', 'condition', 'text'),
    ('certificates', 'issuing_provider', 'text'),
    ('certificates', 'name', 'text'),
    ('checklist_items', 'item_text', 'text'),
    ('checklists', 'question_text', 'text'),
    ('comments', 'comment', 'text'),
    ('contacts', 'email', 'one line'),
    ('contacts', 'first_name', 'text'),
    ('contacts', 'last_name', 'text'),
    ('contacts', 'phone', 'text'),
    ('documents', 'name', 'one line'),
    ('folders', 'name', 'text'),
    ('general_comments', 'text', 'text'),
    ('indicator_resources', 'category', 'text'),
    ('indicator_resources', 'description', 'text'),
    ('indicator_resources', 'file_type', 'text'),
    ('indicator_resources', 'name', 'text'),
    ('indicator_resources', 'url', 'text'),
    ('indicator_responses', 'non_compliance_statement', 'text'),
    ('indicator_responses', 'non_compliance_type', 'text'),
    ('indicator_responses', 'observation', 'text'),
    ('indicator_responses', 'risk_type', 'text'),
    ('indicator_sets', 'full_code', 'text'),
    ('indicator_sets', 'name', 'text'),
    ('indicators', 'code', 'text'),
    ('indicators', 'criterion_code', 'text'),
    ('indicators', 'description', 'text'),
    ('indicators', 'name', 'text'),
    ('invitations', 'email', 'one line'),
    ('organisations', 'billing_email', 'one line'),
    ('organisations', 'email', 'one line'),
    ('organisations', 'fax', 'text'),
    ('organisations', 'legal_entity_name', 'text'),
    ('organisations', 'name', 'text'),
    ('organisations', 'phone', 'text'),
    ('organisations', 'website', 'text'),
    ('pending_registrations', 'email', 'one line'),
    ('pending_registrations', 'first_name', 'one line'),
    ('pending_registrations', 'last_name', 'one line'),
    ('practice_networks', 'name', 'text'),
    ('practice_staff', 'email', 'one line'),
    ('practice_staff', 'first_name', 'text'),
    ('practice_staff', 'last_name', 'text'),
    ('practice_staff', 'phone', 'text'),
    ('practice_staff', 'qa_cpd_num', 'text'),
    ('practice_staff', 'qicpd', 'text'),
    ('practice_staff', 'registration_num', 'text'),
    ('practices', 'phn', 'text'),
    ('practices', 'pip_id', 'text'),
    ('practices', 'previous_provider', 'text'),
    ('practices', 'previous_standard', 'text'),
    ('preferred_days', 'reason', 'text'),
    ('public_holidays', 'name', 'text'),
    ('survey_versions', 'code', 'text'),
    ('survey_versions', 'name', 'text'),
    ('survey_visitors', 'decline_reason', 'text'),
    ('survey_visits', 'reason_for_visit', 'text'),
    ('surveyor_conflicts', 'reason', 'text'),
    ('users', 'email', 'one line'),
    ('users', 'first_name', 'one line'),
    ('users', 'last_name', 'one line'),
    ('users', 'phone', 'one line')
  ) as r(table_name, column_name, kind)
  loop
    execute format('alter table public.%I add constraint %I check (%I !~ %L) not valid',
      rule.table_name, rule.table_name || '_' || rule.column_name || '_control_characters', rule.column_name,
      case rule.kind when 'one line' then '[\u0001-\u001F\u007F-\u009F]'
                     else '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]' end);
  end loop;
end
$$;

do $$
declare
  c record;
begin
  for c in select k.conrelid::regclass as table_name, k.conname from pg_constraint k
            where k.connamespace = 'public'::regnamespace and not k.convalidated
              and k.conname like '%\_control\_characters'
            order by k.conname
  loop
    begin
      execute format('alter table %s validate constraint %I', c.table_name, c.conname);
    exception when check_violation then
      raise warning '% stays NOT VALID: rows of % hold control characters; new and changed rows are checked',
        c.conname, c.table_name;
    end;
  end loop;
end
$$;
