import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import {
  insert,
  makeAccreditation,
  makeAssessment,
  makePractice,
  makeStandards,
  makeUser,
} from '@portal/testkit/database-rows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Db, failureOf } from './db.ts';

// Each test runs in a transaction that is rolled back, so tests share one database safely.
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('migrated');
  db = await connect(database.url);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});
beforeEach(() => db.q('begin'));
afterEach(() => db.q('rollback'));

const UNIQUE = '23505';
const CHECK = '23514';
const FOREIGN_KEY = '23503';
const NOT_NULL = '23502';

describe('fixed value lists', () => {
  it('refuse a compliance value outside the list', async () => {
    const { assessment, standards } = await makeAssessment(db);
    const error = await failureOf(
      db,
      'insert into indicator_responses (assessment_id, indicator_id, compliance) values ($1, $2, $3)',
      [assessment.id, standards.indicators[0]!.id, 'SORT_OF_MET'],
    );
    expect(error).toMatchObject({ code: FOREIGN_KEY, constraint: 'indicator_responses_compliance_fkey' });
  });

  it('refuse an unknown assessment status and practice role', async () => {
    const { assessment } = await makeAssessment(db, { type: 'SURVEY_VISIT' });
    expect(
      await failureOf(db, "update assessments set status = 'DONE' where id = $1", [assessment.id]),
    ).toMatchObject({
      code: FOREIGN_KEY,
      constraint: 'assessments_status_fkey',
    });
    const practice = await makePractice(db);
    const user = await makeUser(db);
    expect(
      await failureOf(
        db,
        "insert into practice_users (practice_id, user_id, role) values ($1, $2, 'OWNER')",
        [practice.organisation_id, user.id],
      ),
    ).toMatchObject({ code: FOREIGN_KEY, constraint: 'practice_users_role_fkey' });
  });

  it('only hold valid GraphQL enum names', async () => {
    expect(await failureOf(db, "insert into compliance values ('not met', 'x')")).toMatchObject({
      code: CHECK,
    });
  });
});

describe('indicator responses', () => {
  it('allow one response per indicator per assessment', async () => {
    const { assessment, standards } = await makeAssessment(db);
    const sql = 'insert into indicator_responses (assessment_id, indicator_id) values ($1, $2)';
    await db.q(sql, [assessment.id, standards.indicators[0]!.id]);
    expect(await failureOf(db, sql, [assessment.id, standards.indicators[0]!.id])).toMatchObject({
      code: UNIQUE,
      constraint: 'indicator_responses_assessment_id_indicator_id_key',
    });
  });

  it('keep the risk rating on the likelihood x impact matrix', async () => {
    const { assessment, standards } = await makeAssessment(db);
    const sql = `insert into indicator_responses (assessment_id, indicator_id, risk_likelihood, risk_impact, risk_rating)
                 values ($1, $2, $3, $4, $5) returning risk_rating`;
    const indicator = standards.indicators[0]!.id;
    expect(await failureOf(db, sql, [assessment.id, indicator, 'HIGH', 'HIGH', 'LOW'])).toMatchObject({
      code: CHECK,
      constraint: 'indicator_responses_rating_follows_matrix',
    });
    expect(await db.q(sql, [assessment.id, indicator, 'HIGH', 'HIGH', 'CRITICAL'])).toEqual([
      { risk_rating: 'CRITICAL' },
    ]);
  });

  it('encode the whole risk matrix of spec 001 §4', async () => {
    const rows = await db.q<{ l: string; i: string; r: string }>(
      `select l, i, risk_rating_for(l, i) as r from unnest(array['HIGH','MODERATE','LOW']) l,
              unnest(array['LOW','MODERATE','HIGH']) i`,
    );
    const matrix = Object.fromEntries(rows.map((row) => [`${row.l}/${row.i}`, row.r]));
    expect(matrix).toEqual({
      'HIGH/LOW': 'MODERATE',
      'HIGH/MODERATE': 'HIGH',
      'HIGH/HIGH': 'CRITICAL',
      'MODERATE/LOW': 'LOW',
      'MODERATE/MODERATE': 'MODERATE',
      'MODERATE/HIGH': 'HIGH',
      'LOW/LOW': 'LOW',
      'LOW/MODERATE': 'LOW',
      'LOW/HIGH': 'MODERATE',
    });
  });

  it('stamp a closed non-conformity with its date, and only a closed one', async () => {
    const { assessment, standards } = await makeAssessment(db);
    const sql = `insert into indicator_responses (assessment_id, indicator_id, non_conformity_status, date_closed)
                 values ($1, $2, $3, $4)`;
    const indicator = standards.indicators[0]!.id;
    expect(await failureOf(db, sql, [assessment.id, indicator, 'CLOSED', null])).toMatchObject({
      code: CHECK,
      constraint: 'indicator_responses_closed_has_date',
    });
    expect(await failureOf(db, sql, [assessment.id, indicator, 'OPEN', '2026-01-01'])).toMatchObject({
      code: CHECK,
    });
  });

  it('keep checklist ticks as a JSON object', async () => {
    const { assessment, standards } = await makeAssessment(db);
    expect(
      await failureOf(
        db,
        'insert into indicator_responses (assessment_id, indicator_id, checklists) values ($1, $2, $3)',
        [assessment.id, standards.indicators[0]!.id, '[true]'],
      ),
    ).toMatchObject({ code: CHECK });
  });
});

describe('assessments', () => {
  it('tie a survey visit assessment to its visit and a self assessment to none', async () => {
    const { accreditation } = await makeAssessment(db);
    expect(
      await failureOf(db, "insert into assessments (accreditation_id, type) values ($1, 'SURVEY_VISIT')", [
        accreditation.id,
      ]),
    ).toMatchObject({ code: CHECK, constraint: 'assessments_visit_matches_type' });
  });

  it('allow one self assessment per accreditation', async () => {
    const { accreditation } = await makeAssessment(db);
    expect(
      await failureOf(db, "insert into assessments (accreditation_id, type) values ($1, 'PRESURVEY')", [
        accreditation.id,
      ]),
    ).toMatchObject({ code: UNIQUE, constraint: 'assessments_one_self_assessment' });
  });

  it('only reach the statuses of their kind', async () => {
    const self = await makeAssessment(db);
    expect(
      await failureOf(db, "update assessments set status = 'ACTION_REQUIRED' where id = $1", [
        self.assessment.id,
      ]),
    ).toMatchObject({ code: CHECK, constraint: 'assessments_status_fits_type' });
    const survey = await makeAssessment(db, { type: 'SURVEY_VISIT' });
    expect(
      await failureOf(db, "update assessments set status = 'COMPLETED' where id = $1", [
        survey.assessment.id,
      ]),
    ).toMatchObject({ code: CHECK, constraint: 'assessments_status_fits_type' });
  });

  it('derive counts from responses (assessment_counts)', async () => {
    const { assessment, standards } = await makeAssessment(db, { type: 'SURVEY_VISIT' }, 4);
    const [a, b, c] = standards.indicators;
    const sql = `insert into indicator_responses (assessment_id, indicator_id, compliance, risk_likelihood, risk_impact,
                   risk_rating, non_conformity_status, date_closed, observation) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
    await db.q(sql, [
      assessment.id,
      a!.id,
      'MET',
      null,
      null,
      null,
      'OPEN',
      null,
      'Consider a recall reminder',
    ]);
    await db.q(sql, [assessment.id, b!.id, 'NOT_MET', 'HIGH', 'HIGH', 'CRITICAL', 'OPEN', null, null]);
    await db.q(sql, [assessment.id, c!.id, 'NOT_MET', 'LOW', 'LOW', 'LOW', 'CLOSED', '2026-01-02', null]);
    const [counts] = await db.q('select * from assessment_counts where assessment_id = $1', [assessment.id]);
    expect(counts).toMatchObject({
      total: 4,
      complete: 3,
      mets: 1,
      not_mets: 2,
      improvements: 1,
      risk_closed: 1,
      risk_critical: 1,
      risk_major: 0,
      risk_minor: 1,
    });
  });
});

describe('people and practices', () => {
  it('treat e-mail addresses case-insensitively and reject malformed ones', async () => {
    await makeUser(db, { email: 'Jane.Doe@Example.test' });
    expect(await failureOf(db, "insert into users (email) values ('jane.doe@example.TEST')")).toMatchObject({
      code: UNIQUE,
      constraint: 'users_email_key',
    });
    expect(await failureOf(db, "insert into users (email) values ('not an email')")).toMatchObject({
      code: CHECK,
    });
  });

  it('make every super admin an admin', async () => {
    expect(
      await failureOf(db, "insert into users (email, is_superadmin) values ('s@example.test', true)"),
    ).toMatchObject({
      code: CHECK,
      constraint: 'users_superadmin_is_admin',
    });
  });

  it('validate ABNs and postcodes', async () => {
    expect(await failureOf(db, "insert into organisations (name, abn) values ('X', '1234')")).toMatchObject({
      code: CHECK,
    });
    expect(await failureOf(db, "insert into addresses (postcode) values ('20000')")).toMatchObject({
      code: CHECK,
    });
    expect(await failureOf(db, "insert into organisations (name) values ('   ')")).toMatchObject({
      code: CHECK,
    });
  });

  it('allow one open accreditation per practice', async () => {
    const practice = await makePractice(db);
    await makeAccreditation(db, practice.organisation_id);
    expect(
      await failureOf(db, 'insert into accreditations (practice_id) values ($1)', [practice.organisation_id]),
    ).toMatchObject({
      code: UNIQUE,
      constraint: 'accreditations_one_open_per_practice',
    });
    await db.q("insert into accreditations (practice_id, status) values ($1, 'CLOSED')", [
      practice.organisation_id,
    ]);
  });

  it('point a practice at its latest non-archived accreditation', async () => {
    const practice = await makePractice(db);
    const current = () =>
      db.q('select current_accreditation_id as id from practices where organisation_id = $1', [
        practice.organisation_id,
      ]);
    const first = await makeAccreditation(db, practice.organisation_id, {
      status: 'CLOSED',
      created_at: '2020-01-01',
    });
    expect(await current()).toEqual([{ id: first.id }]);
    const second = await makeAccreditation(db, practice.organisation_id);
    expect(await current()).toEqual([{ id: second.id }]);
    await db.q('update accreditations set archived = true where id = $1', [second.id]);
    expect(await current()).toEqual([{ id: first.id }]);
  });

  it('refuse a practice user for an unknown user', async () => {
    const practice = await makePractice(db);
    expect(
      await failureOf(
        db,
        "insert into practice_users (practice_id, user_id, role) values ($1, 999999, 'PM')",
        [practice.organisation_id],
      ),
    ).toMatchObject({ code: FOREIGN_KEY, constraint: 'practice_users_user_id_fkey' });
  });
});

describe('staff register', () => {
  const staff = (overrides: Record<string, unknown>) => ({
    first_name: 'Ann',
    last_name: 'Lee',
    type: 'gp',
    ...overrides,
  });

  it('give an active staff member no resignation date', async () => {
    const practice = await makePractice(db);
    const row = staff({
      practice_id: practice.organisation_id,
      employment_status: 'ACTIVE',
      resignation_date: '2026-01-01',
    });
    const columns = Object.keys(row);
    expect(
      await failureOf(
        db,
        `insert into practice_staff (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      ),
    ).toMatchObject({ code: CHECK, constraint: 'practice_staff_active_not_resigned' });
    await insert(db, 'practice_staff', { ...row, employment_status: 'INACTIVE' });
  });

  it('keep vocational registration for GPs and names non-empty', async () => {
    const practice = await makePractice(db);
    expect(
      await failureOf(
        db,
        "insert into practice_staff (practice_id, first_name, last_name, type, vr_status) values ($1, 'A', 'B', 'nurse', 'VR')",
        [practice.organisation_id],
      ),
    ).toMatchObject({ code: CHECK, constraint: 'practice_staff_vr_for_gp_only' });
    expect(
      await failureOf(
        db,
        "insert into practice_staff (practice_id, first_name, last_name, type) values ($1, ' ', 'B', 'nurse')",
        [practice.organisation_id],
      ),
    ).toMatchObject({ code: CHECK });
    expect(
      await failureOf(
        db,
        "insert into practice_staff (practice_id, last_name, type) values ($1, 'B', 'nurse')",
        [practice.organisation_id],
      ),
    ).toMatchObject({ code: NOT_NULL });
  });

  it('link an accepted invitation to the user who accepted it', async () => {
    const practice = await makePractice(db);
    expect(
      await failureOf(
        db,
        `insert into invitations (practice_id, email, token_hash, status, expires_at)
         values ($1, 'a@example.test', 'h1', 'ACCEPTED', now() + interval '7 days')`,
        [practice.organisation_id],
      ),
    ).toMatchObject({ code: CHECK, constraint: 'invitations_accepted_has_user' });
  });
});

describe('documents and certificates', () => {
  it('stamp archived documents and never lose the storage key', async () => {
    const practice = await makePractice(db);
    const folder = await insert(db, 'folders', { name: 'Policies' });
    const document = await insert(db, 'documents', {
      practice_id: practice.organisation_id,
      folder_id: folder.id,
      name: 'policy.pdf',
      storage_key: 'k/1',
    });
    // Archiving stamps when (trigger documents_stamp_archive); the stamp cannot be removed alone.
    await db.q('update documents set archived = true where id = $1', [document.id]);
    const [archived] = await db.q('select archived_at from documents where id = $1', [document.id]);
    expect(archived?.archived_at).toBeInstanceOf(Date);
    expect(
      await failureOf(db, 'update documents set archived_at = null where id = $1', [document.id]),
    ).toMatchObject({
      code: CHECK,
      constraint: 'documents_archived_stamp',
    });
    expect(
      await failureOf(db, 'update documents set storage_key = null where id = $1', [document.id]),
    ).toMatchObject({
      code: NOT_NULL,
    });
  });

  it('give a resource a file or a link, not both', async () => {
    const { indicators } = await makeStandards(db, 1);
    expect(
      await failureOf(
        db,
        "insert into indicator_resources (indicator_id, name, storage_key, url) values ($1, 'Guide', 'r/1', 'https://example.test')",
        [indicators[0]!.id],
      ),
    ).toMatchObject({ code: CHECK, constraint: 'indicator_resources_file_or_url' });
  });

  it('refuse a certificate that expires before it is issued', async () => {
    const practice = await makePractice(db);
    expect(
      await failureOf(
        db,
        `insert into certificates (practice_id, name, issuing_provider, certification_date, issue_date, expiry_date)
         values ($1, 'Cert', 'Provider', '2026-01-01', '2026-01-01', '2025-01-01')`,
        [practice.organisation_id],
      ),
    ).toMatchObject({ code: CHECK, constraint: 'certificates_expiry_after_issue' });
  });
});

describe('free text holds no control characters (decisions/data-model.md)', () => {
  // Text columns that hold no user-written text, so no `<table>_<column>_control_characters`
  // CHECK: a format CHECK of their own (postcode, country, phone country code, ABN, verification
  // code, resource kind, hashes of e-mail and token, audit operation); a secret or key the server
  // makes (password, token and refresh-token hashes, encrypted webinar tokens, storage keys, the
  // avatar key); or what the server writes itself (audit_log's names, the e-mail outbox composed
  // from texts already checked, a session's user agent, sent_to, the agreement version, the
  // certificate number, the content type an upload resolved). Enum tables and columns referring
  // to one are left out below. A new text column must be in this list or get its rule. (A digest
  // setting and period are one of a fixed few by their CHECK.)
  const NOT_FREE_TEXT = [
    'account_security_events.event',
    'account_security_events.method',
    'addresses.country',
    'addresses.postcode',
    'audit_log.changed_by_role',
    'audit_log.operation',
    'audit_log.row_id',
    'audit_log.table_name',
    'certificates.certificate_number',
    'certificates.storage_key',
    'certificates.storage_key_a4',
    'certificates.verification_code',
    'choice_items.list_key',
    'client_logs.severity',
    'client_logs.user_agent',
    'confidentiality_signs.agreement_version',
    'contacts.phone_country_code',
    'documents.file_type',
    'documents.storage_key',
    // A mapping's kind: EQUIVALENT, SPLIT, MERGED or RETIRED (a check constraint).
    'edition_indicator_mappings.kind',
    'email_digests.period',
    'email_outbox.html_body',
    'email_outbox.last_error',
    'email_outbox.subject',
    'email_outbox.template',
    'email_outbox.text_body',
    'email_outbox.to_address',
    'indicator_resources.kind',
    'indicator_resources.storage_key',
    'invitations.token_hash',
    'login_attempts.email_hash',
    'notifications.kind',
    'organisations.abn',
    'organisations.phone_country_code',
    'password_resets.token_hash',
    'payments.kind',
    'payments.method',
    'pending_registrations.password_hash',
    'pending_registrations.token_hash',
    'rate_limit_hits.key',
    'practice_networks.abn',
    'practice_staff.phone_country_code',
    'review_history.sent_to',
    'session_handoffs.binder_hash',
    'session_handoffs.code_hash',
    'sessions.refresh_token_hash',
    'sessions.user_agent',
    'sign_in_challenges.token_hash',
    'sso_sign_in_requests.binder_hash',
    'sso_sign_in_requests.code_verifier',
    'sso_sign_in_requests.nonce',
    'sso_sign_in_requests.state_hash',
    'survey_visits.confirmation_form_template',
    'user_devices.device_hash',
    'user_factors.kind',
    'user_factors.passkey_credential_id',
    'user_factors.totp_secret',
    'user_identities.issuer',
    'user_recovery_codes.code_hash',
    'users.avatar_key',
    'users.email_digest',
    'users.password_hash',
    'users.phone_country_code',
    'webauthn_challenges.challenge_hash',
    'webauthn_challenges.purpose',
    'webinar_connections.access_token_enc',
    'webinar_connections.refresh_token_enc',
  ];
  /** Every text column of every table: whether a control-character CHECK holds it, and which. */
  const textColumns = () =>
    db.q<{ name: string; rule: string | null; enum_value: boolean }>(`
      with enum_tables as (
        select table_name::text from information_schema.columns where table_schema = 'public'
         group by table_name having array_agg(column_name::text order by ordinal_position) = array['value', 'comment'])
      select c.table_name || '.' || c.column_name as name,
             (select pg_get_constraintdef(k.oid) from pg_constraint k
               where k.conrelid = ('public.' || quote_ident(c.table_name))::regclass and k.contype = 'c'
                 and k.conname in (c.table_name || '_' || c.column_name || '_control_characters',
                                   c.table_name || '_' || c.column_name || '_characters',
                                   c.table_name || '_' || c.column_name || '_text')) as rule,
             c.table_name in (select table_name from enum_tables) or exists (
               select 1 from pg_constraint f join pg_class r on r.oid = f.confrelid
                 join pg_attribute a on a.attrelid = f.conrelid and a.attnum = any(f.conkey)
                where f.conrelid = ('public.' || quote_ident(c.table_name))::regclass and f.contype = 'f'
                  and a.attname = c.column_name and r.relname in (select table_name from enum_tables)) as enum_value
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.udt_name in ('text', 'varchar', 'citext')
       order by 1`);

  it('holds every user-written text column of every table, and the list of the others is exact', async () => {
    const columns = await textColumns();
    const free = columns.filter((c) => !c.enum_value && !NOT_FREE_TEXT.includes(c.name));
    expect(free.filter((c) => c.rule === null).map((c) => c.name)).toEqual([]);
    expect(free.length).toBeGreaterThanOrEqual(70);
    // The exemptions name real columns that have no rule (none stale, none ruled after all).
    for (const name of NOT_FREE_TEXT)
      expect([name, columns.find((c) => c.name === name)?.rule]).toEqual([name, null]);
    // Each rule is the domain's: multi-line texts keep TAB, LF and CR; one-line texts do not.
    const multiLine = "'[\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]'";
    const oneLine = "'[\\u0001-\\u001F\\u007F-\\u009F]'";
    for (const { name, rule } of free)
      expect([name, rule?.includes(multiLine) || rule?.includes(oneLine)]).toEqual([name, true]);
    const oneLineColumns = free.filter((c) => c.rule?.includes(oneLine)).map((c) => c.name);
    expect(oneLineColumns).toEqual([
      'action_plan_activities.responsible',
      'choice_items.label',
      'choice_items.value',
      'contacts.email',
      'documents.name',
      'invitations.email',
      'notifications.link',
      'notifications.title',
      'organisations.billing_email',
      'organisations.email',
      'payments.reference',
      'pending_registrations.email',
      'pending_registrations.first_name',
      'pending_registrations.last_name',
      'practice_staff.email',
      'user_devices.agent_family',
      'user_factors.label',
      'user_identities.subject',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone',
    ]);
    const notValid = await db.q(
      `select conname from pg_constraint where conname like '%\\_control\\_characters' and not convalidated`,
    );
    expect(notValid).toEqual([]);
  });

  it('refuse C0 (but TAB, LF, CR), DEL and C1 in a comment; a name of one line refuses TAB, LF and CR too', async () => {
    const { practice, standards, assessment } = await makeAssessment(db);
    const response = await insert(db, 'indicator_responses', {
      assessment_id: assessment.id,
      indicator_id: standards.indicators[0]!.id,
    });
    const addComment =
      'insert into comments (practice_id, indicator_response_id, comment) values ($1, $2, $3)';
    const comment = (text: string) => [practice.organisation_id, response.id, text];
    for (const text of [
      'Log\u0001',
      'Log\u0007',
      'Log\u000b',
      'Log\u000c',
      'Log\u001b[2J',
      'Log\u007f',
      'Log\u0080',
      'Log\u009f',
    ])
      expect(await failureOf(db, addComment, comment(text)), JSON.stringify(text)).toMatchObject({
        code: CHECK,
        constraint: 'comments_comment_control_characters',
      });
    // Line breaks, tabs and any other character are fine in a multi-line text.
    await db.q(addComment, comment('Line one\r\n\tLine two'));
    await db.q(addComment, comment('Ünïcödé — “quoted” ✓\u00a0\u2028'));
    for (const name of ['Tab\tname', 'Line\nname', 'Return\rname', 'Bell\u0007'])
      expect(
        await failureOf(db, 'insert into users (email, first_name) values ($1, $2)', ['one@line.test', name]),
        JSON.stringify(name),
      ).toMatchObject({ code: CHECK, constraint: 'users_first_name_control_characters' });
  });
});
