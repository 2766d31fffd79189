import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Db, failureOf } from './db.ts';
import {
  insert,
  makeAccreditation,
  makeAssessment,
  makePractice,
  makeStandards,
  makeUser,
} from './factories.ts';

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
