import {
  ADMIN_CONSOLE_ROLE,
  CHOICE_LIST_KEYS,
  DEFAULT_MAX_FILE_SIZE_MB,
  SURVEY_SUBMIT_MESSAGES,
  ZStaticChoicesSchema,
} from '@portal/domain';
import {
  createAccreditation,
  createAssessmentCast,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { callAs, refusal } from '@portal/testkit/assessment-test-kit';
import { createManagedPractice, createUser, providerFolder, type TestUser } from '@portal/testkit/factories';
import { startTestStack, TEST_ADMIN_SECRET, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// GET /api/static/choices (spec 000 §3 "Choice lists", spec 002 §7, §9 max_file_size) on the real
// service and engine, and the provider admin's changes to the lists as the admin console makes
// them: GraphQL as the console's role (admin secret + x-hasura-role, as the console endpoint
// forwards), so the permissions tested are the metadata's.

let stack: TestStack;
let admin: TestUser;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', s3: true });
  admin = await createUser(stack.sql, { isAdmin: true });
}, 60_000);
afterAll(() => stack?.close());

async function choicesAs(user: TestUser) {
  const response = await fetch(`${stack.actionsUrl}/static/choices`, {
    headers: { authorization: `Bearer ${await stack.tokenFor(user.email, user.password)}` },
  });
  expect(response.status).toBe(200);
  return ZStaticChoicesSchema.parse(await response.json());
}

/** A GraphQL request as the admin console sends it for `user` (role provider_admin_console). */
async function consoleAs(user: TestUser, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(stack.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hasura-admin-secret': TEST_ADMIN_SECRET,
      'x-hasura-role': ADMIN_CONSOLE_ROLE,
      'x-hasura-user-id': String(user.id),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

describe('GET /api/static/choices', () => {
  it('spec 000 §3: answers every list the spec names as [value, label] pairs, and max_file_size, to a signed-in user', async () => {
    const pm = (await createManagedPractice(stack.sql)).pm;
    // A reason kept only for an older visit (docs/decisions/survey-planning.md) is never offered.
    await stack.sql.query(
      `insert into public.visit_reason (value, comment) values ('LEGACY_9001', 'Old words') on conflict do nothing`,
    );
    const choices = await choicesAs(pm);
    expect(Object.keys(choices).sort()).toEqual([...CHOICE_LIST_KEYS, 'max_file_size'].sort());
    expect(choices['generic_address.state']).toContainEqual(['NSW', 'New South Wales']);
    expect(choices['practice_staff.title']).toContainEqual(['ASSOC_PROF', 'Assoc Prof']);
    expect(choices['survey_visit.reason']).toContainEqual([
      'COMPLAINT',
      'In response to a complaint or notification',
    ]);
    expect(choices['survey_visit.reason'].map(([value]) => value)).not.toContain('LEGACY_9001');
    expect(choices['practice.phn']).toHaveLength(31);
    expect(choices['practice.phn']).toContainEqual(['Brisbane South PHN', 'Brisbane South PHN']);
    expect(choices.new_assessment_types).toEqual([
      ['ACCREDITATION', 'Survey'],
      ['SURVEILLANCE', 'Surveillance'],
      ['RELOCATION', 'Relocation'],
      ['GAP', 'Gap'],
    ]);
    expect(choices['survey_visit.confirmation_form_template'].map(([value]) => value)).toEqual([
      'ON_SITE',
      'REMOTE',
    ]);
    expect(choices.max_file_size).toBe(DEFAULT_MAX_FILE_SIZE_MB);
  });

  it('spec 000 §3: is refused without a token and with a forged one (loaded when signed in)', async () => {
    const none = await fetch(`${stack.actionsUrl}/static/choices`);
    const forged = await fetch(`${stack.actionsUrl}/static/choices`, {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' },
    });
    expect([none.status, forged.status]).toEqual([401, 401]);
  });
});

describe('the provider admin words the lists in the admin console', () => {
  it('spec 000 §3: a label changed in the console is what the list serves; a value is not changeable; audited', async () => {
    const changed = await consoleAs(
      admin,
      `mutation { update_person_title_by_pk(pk_columns: {value: "PROF"}, _set: {comment: "Professor"}) { value comment } }`,
    );
    expect(changed.errors).toBeUndefined();
    const pm = (await createManagedPractice(stack.sql)).pm;
    expect((await choicesAs(pm))['practice_staff.title']).toContainEqual(['PROF', 'Professor']);

    const renamed = await consoleAs(
      admin,
      `mutation { update_person_title_by_pk(pk_columns: {value: "PROF"}, _set: {value: "PROFESSOR"}) { value } }`,
    );
    expect(renamed.errors?.[0]?.message).toMatch(/value/);
    const control = await consoleAs(
      admin,
      `mutation { update_person_title_by_pk(pk_columns: {value: "PROF"}, _set: {comment: "Pro\\u0007f"}) { value } }`,
    );
    expect(control.errors?.[0]?.message).toMatch(/person_title_comment_check/);
    const { rows } = await stack.sql.query<{ value: string; comment: string }>(
      `select value, comment from public.person_title where value in ('PROF', 'PROFESSOR')`,
    );
    expect(rows).toEqual([{ value: 'PROF', comment: 'Professor' }]);
    const audit = await stack.sql.query(
      `select changed_by_id from public.audit_log where table_name = 'person_title' and row_id = 'PROF'`,
    );
    expect(audit.rows).toEqual([{ changed_by_id: admin.id }]);
  });

  it('spec 000 §3: only the provider admin, through the console: a QAM cannot change a label or an item', async () => {
    const qam = await createUser(stack.sql, { isQam: true });
    const token = await stack.tokenFor(qam.email, qam.password);
    const response = await fetch(stack.graphqlUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-hasura-role': 'qam',
      },
      body: JSON.stringify({
        query: `mutation { update_australian_state_by_pk(pk_columns: {value: "NSW"}, _set: {comment: "X"}) { value } }`,
      }),
    });
    const answer = (await response.json()) as { errors?: { message: string }[] };
    expect(answer.errors?.[0]?.message).toMatch(/update_australian_state_by_pk/);
    const { rows } = await stack.sql.query(`select comment from public.australian_state where value = 'NSW'`);
    expect(rows).toEqual([{ comment: 'New South Wales' }]);
  });

  it('spec 000 §3: a PHN added in the console is offered; an archived one is not; nothing is deleted', async () => {
    const added = await consoleAs(
      admin,
      `mutation { insert_choice_items_one(object: {list_key: "practice.phn", value: "Test Coast PHN", label: "Test Coast PHN", position: 40}) { id } }`,
    );
    expect(added.errors).toBeUndefined();
    const { id } = added.data!.insert_choice_items_one as { id: number };
    const pm = (await createManagedPractice(stack.sql)).pm;
    expect((await choicesAs(pm))['practice.phn']).toContainEqual(['Test Coast PHN', 'Test Coast PHN']);
    const archived = await consoleAs(
      admin,
      `mutation ($id: Int!) { update_choice_items_by_pk(pk_columns: {id: $id}, _set: {active: false}) { id } }`,
      { id },
    );
    expect(archived.errors).toBeUndefined();
    expect((await choicesAs(pm))['practice.phn']).not.toContainEqual(['Test Coast PHN', 'Test Coast PHN']);
    const deleted = await consoleAs(
      admin,
      `mutation ($id: Int!) { delete_choice_items_by_pk(id: $id) { id } }`,
      {
        id,
      },
    );
    expect(deleted.errors?.[0]?.message).toMatch(/delete_choice_items_by_pk/);
    const unknownList = await consoleAs(
      admin,
      `mutation { insert_choice_items_one(object: {list_key: "practice.colour", value: "Red", label: "Red"}) { id } }`,
    );
    expect(unknownList.errors?.[0]?.message).toMatch(/choice_items_list_known/);
  });
});

describe('the upload limit follows the provider setting', () => {
  it('spec 002 §9: max_file_size is the provider setting when set; createDocument and /api/config agree', async () => {
    const { id: practiceId, pm } = await createManagedPractice(stack.sql);
    await providerFolder(stack.sql, 'GENERAL');
    const set = await consoleAs(
      admin,
      `mutation { update_provider_settings_by_pk(pk_columns: {id: true}, _set: {max_file_size_mb: 2}) { max_file_size_mb } }`,
    );
    expect(set.errors).toBeUndefined();
    try {
      expect((await choicesAs(pm)).max_file_size).toBe(2);
      const config = (await (await fetch(`${stack.actionsUrl}/config`)).json()) as { maxFileSizeMb: number };
      expect(config.maxFileSizeMb).toBe(2);
      const create = (size: number) =>
        stack.gql<{ createDocument: { maxFileSizeMb: number } }>(
          pm,
          `mutation ($p: Int!, $s: Float!) { createDocument(practiceId: $p, name: "Policy.pdf", contentType: "application/pdf", size: $s, folderCode: "GENERAL") { documentId maxFileSizeMb } }`,
          { p: practiceId, s: size },
        );
      expect((await create(2_000_001)).errors?.[0]?.message).toBe('File size exceeded 2MB');
      const within = await create(2_000_000);
      expect(within.errors).toBeUndefined();
      expect(within.data?.createDocument.maxFileSizeMb).toBe(2);
      const outOfRange = await consoleAs(
        admin,
        `mutation { update_provider_settings_by_pk(pk_columns: {id: true}, _set: {max_file_size_mb: 0}) { id } }`,
      );
      expect(outOfRange.errors?.[0]?.message).toMatch(/provider_settings_max_file_size_range/);
    } finally {
      await stack.sql.query('update public.provider_settings set max_file_size_mb = null');
    }
  });
});

describe('new_assessment_types', () => {
  it('spec 000 §3: a type archived from new_assessment_types is not offered and addSurveyAssessment refuses it', async () => {
    const cast = await createAssessmentCast(stack.sql);
    const standards = await createStandards(stack.sql);
    const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
      surveyVersionId: standards.surveyVersionId,
      qamId: cast.qam.id,
    });
    const visitId = await createSurveyVisit(stack.sql, accreditationId, []);
    await stack.sql.query(
      `update public.choice_items set active = false where list_key = 'new_assessment_types' and value = 'GAP'`,
    );
    try {
      expect((await choicesAs(cast.pm)).new_assessment_types.map(([value]) => value)).not.toContain('GAP');
      const add = (t: string) =>
        callAs(
          stack,
          cast.admin,
          `mutation ($p: Int!, $v: Int!, $t: String) { addSurveyAssessment(practiceId: $p, surveyVisitId: $v, visitType: $t) { id } }`,
          { p: cast.practice.id, v: visitId, t },
        );
      expect(refusal(await add('GAP'))).toEqual({
        code: 'invalid_input',
        message: SURVEY_SUBMIT_MESSAGES.typeNotOffered,
      });
      const { rows } = await stack.sql.query(
        `select type, (select count(*)::int from public.assessments where survey_visit_id = $1) as n
           from public.survey_visits where id = $1`,
        [visitId],
      );
      expect(rows).toEqual([{ type: 'ACCREDITATION', n: 0 }]);
      expect((await add('SURVEILLANCE')).errors).toBeUndefined();
    } finally {
      await stack.sql.query(
        `update public.choice_items set active = true where list_key = 'new_assessment_types'`,
      );
    }
  });
});
