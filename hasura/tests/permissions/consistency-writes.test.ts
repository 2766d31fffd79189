import {
  addPracticeRole,
  createGeneralComment,
  createManagedPractice,
  createPractice,
  createSurveyedPractice,
  createUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurveyedPracticeCallers, type RoleCaller } from './world.ts';

// The assessment tables beyond the status table: forged keys, other practices' rows, locks,
// action plan closing and status changes. consistency.test.ts covers role × type × status.

let stack: TestStack;
/** The practice's PM (of another practice too), its two surveyors (accepted visitors), a QAM, an admin. */
let PM: RoleCaller;
let SURVEYOR: RoleCaller;
let SURVEYOR2: RoleCaller;
let QAM: RoleCaller;
let ADMIN: RoleCaller;
/** The practice: its cycle, self assessment and survey assessment, and responses of each. */
let practiceId: number;
let otherPracticeOfPm: number;
let accreditationId: number;
let selfAssessment: number;
let surveyAssessment: number;
let selfResponse: number;
let surveyResponse: number;
let otherSurveyResponse: number;

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const callers = await createSurveyedPracticeCallers(stack.sql);
  const { practice } = callers;
  ({ PM, SURVEYOR, SURVEYOR2, QAM, ADMIN } = callers);
  practiceId = practice.practice.id;
  accreditationId = practice.accreditation.id;
  selfAssessment = practice.self.id;
  surveyAssessment = practice.survey.id;
  [selfResponse] = practice.self.responseIds as [number];
  [surveyResponse, otherSurveyResponse] = practice.survey.responseIds as [number, number];
  await createGeneralComment(stack.sql, surveyAssessment, SURVEYOR.id);
  otherPracticeOfPm = (await createPractice(stack.sql)).id;
  await addPracticeRole(stack.sql, otherPracticeOfPm, PM.id, 'PM');
}, 60_000);
afterAll(() => stack?.close());

const setStatus = (id: number, status: string) =>
  stack.sql.query('update assessments set status = $1 where id = $2', [status, id]);
const code = (result: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  result.errors?.[0]?.extensions?.code;

describe('who-columns are presets, not inputs', () => {
  it('created_by_id, user_id and last_updated_by_id cannot be sent', async () => {
    await setStatus(selfAssessment, 'IN_PROGRESS');
    const someoneElse = QAM.id;
    const attempts = [
      `mutation { insert_comments(objects: [{indicator_response_id: ${selfResponse}, practice_id: ${practiceId}, comment: "x", created_by_id: ${someoneElse}}]) { affected_rows } }`,
      `mutation { update_indicator_responses(where: {id: {_eq: ${selfResponse}}}, _set: {last_updated_by_id: ${someoneElse}}) { affected_rows } }`,
      `mutation { insert_general_comments(objects: [{assessment_id: ${surveyAssessment}, text: "x", user_id: ${someoneElse}}]) { affected_rows } }`,
      `mutation { insert_indicator_locks(objects: [{assessment_id: ${surveyAssessment}, indicator_response_id: ${surveyResponse}, user_id: ${someoneElse}}]) { affected_rows } }`,
    ];
    for (const query of attempts)
      expect([query, code(await stack.gql(PM, query))]).toEqual([query, 'validation-failed']);
  });

  it("a comment under another practice's id is refused", async () => {
    await setStatus(selfAssessment, 'IN_PROGRESS');
    // The PM manages another practice too, but the response belongs to this one.
    const forged = await stack.gql(
      PM,
      `mutation { insert_comments(objects: [{indicator_response_id: ${selfResponse}, practice_id: ${otherPracticeOfPm}, comment: "forged"}]) { affected_rows } }`,
    );
    expect(code(forged)).toBe('permission-error');
    const { rows } = await stack.sql.query(`select 1 from comments where comment = 'forged'`);
    expect(rows).toEqual([]);
  });
});

describe("other practices' assessments are invisible", () => {
  const READ = `query ($a: Int!) {
    assessments(where: {id: {_eq: $a}}) { id }
    indicator_responses(where: {assessment_id: {_eq: $a}}, limit: 1) { id }
    general_comments(where: {assessment_id: {_eq: $a}}) { id }
    assessment_submissions(where: {assessment_id: {_eq: $a}}) { id }
    review_history(where: {assessment_id: {_eq: $a}}) { id }
    assessment_counts(where: {assessment_id: {_eq: $a}}) { total }
    comments(where: {indicator_response: {assessment_id: {_eq: $a}}}, limit: 1) { id }
    action_plan_activities(where: {indicator_response: {assessment_id: {_eq: $a}}}, limit: 1) { id }
  }`;
  const empty = {
    assessments: [],
    indicator_responses: [],
    general_comments: [],
    assessment_submissions: [],
    review_history: [],
    assessment_counts: [],
    comments: [],
    action_plan_activities: [],
  };

  it('to a PM and a surveyor without a role on the practice', async () => {
    // Another practice of the PM, action required: findings readable by its PM and surveyors.
    const actionRequired = await createSurveyedPractice(stack.sql, { survey: { status: 'ACTION_REQUIRED' } });
    await addPracticeRole(stack.sql, actionRequired.practice.id, PM.id, 'PM');
    await createGeneralComment(stack.sql, actionRequired.survey.id, actionRequired.surveyors[0]!.id);
    const a = actionRequired.survey.id;
    const otherManager = (await createManagedPractice(stack.sql)).pm;
    for (const caller of [otherManager, SURVEYOR2]) {
      expect([caller.email, (await stack.gql(caller, READ, { a })).data]).toEqual([caller.email, empty]);
    }
    const own = await stack.gql<{ indicator_responses: unknown[]; general_comments: unknown[] }>(PM, READ, {
      a,
    });
    expect(own.data?.indicator_responses).toHaveLength(1);
    expect(own.data?.general_comments.length).toBeGreaterThan(0);
  });

  it('survey findings under review are hidden from the PM, not the assessment row', async () => {
    await setStatus(surveyAssessment, 'UNDER_REVIEW');
    const result = await stack.gql<typeof empty>(PM, READ, { a: surveyAssessment });
    expect(result.data).toMatchObject({
      assessments: [{ id: surveyAssessment }],
      indicator_responses: [],
      general_comments: [],
    });
    expect(result.data?.assessment_counts).toEqual([]);
  });
});

describe('indicator locks', () => {
  const LOCK = `mutation ($a: Int!, $r: Int!) {
    insert_indicator_locks(objects: [{assessment_id: $a, indicator_response_id: $r, fields: ["observation"]}]) { affected_rows }
  }`;

  it('a visitor locks a response they may change; the lock is theirs; only they release it', async () => {
    await setStatus(surveyAssessment, 'IN_PROGRESS');
    await stack.sql.query('delete from assessment_submissions where assessment_id = $1', [surveyAssessment]);
    expect((await stack.gql(SURVEYOR, LOCK, { a: surveyAssessment, r: surveyResponse })).data).toEqual({
      insert_indicator_locks: { affected_rows: 1 },
    });
    const surveyorId = SURVEYOR.id;
    const { rows } = await stack.sql.query(
      'select user_id from indicator_locks where indicator_response_id = $1',
      [surveyResponse],
    );
    expect(rows).toEqual([{ user_id: surveyorId }]);

    // The other visitor sees it live but cannot release it.
    const seen = await stack.gql<{ indicator_locks: unknown[] }>(
      SURVEYOR2,
      `query { indicator_locks(where: {assessment_id: {_eq: ${surveyAssessment}}}) { user_id } }`,
    );
    expect(seen.data?.indicator_locks).toEqual([{ user_id: surveyorId }]);
    const release = `mutation { delete_indicator_locks(where: {assessment_id: {_eq: ${surveyAssessment}}}) { affected_rows } }`;
    expect((await stack.gql(SURVEYOR2, release)).data).toEqual({
      delete_indicator_locks: { affected_rows: 0 },
    });
    expect((await stack.gql(SURVEYOR, release)).data).toEqual({
      delete_indicator_locks: { affected_rows: 1 },
    });
  });

  it('a lock naming another assessment than its response, or on a response one may not change, is refused', async () => {
    await setStatus(surveyAssessment, 'IN_PROGRESS');
    expect(code(await stack.gql(SURVEYOR, LOCK, { a: selfAssessment, r: surveyResponse }))).toBe(
      'permission-error',
    );
    expect(code(await stack.gql(PM, LOCK, { a: surveyAssessment, r: surveyResponse }))).toBe(
      'permission-error',
    );
  });
});

describe('action plan activities in ACTION_REQUIRED', () => {
  const ADD = `mutation ($r: Int!, $d: String!) {
    insert_action_plan_activities_one(object: {indicator_response_id: $r, description: $d}) { id }
  }`;
  const CLOSE = `mutation ($id: Int!, $by: Int!) {
    update_action_plan_activities(where: {id: {_eq: $id}}, _set: {status: CLOSED, closed_at: "now()", closed_by_id: $by}) { affected_rows }
  }`;

  it('the PM adds and edits their activity but cannot close it; a surveyor closes it as themselves', async () => {
    await setStatus(surveyAssessment, 'ACTION_REQUIRED');
    const added = await stack.gql<{ insert_action_plan_activities_one: { id: number } }>(PM, ADD, {
      r: otherSurveyResponse,
      d: 'Book CPR refresher for both GPs',
    });
    expect(added.errors).toBeUndefined();
    const id = added.data!.insert_action_plan_activities_one.id;
    const pmId = PM.id;
    const surveyorId = SURVEYOR.id;

    const edit = await stack.gql(
      PM,
      `mutation ($id: Int!) { update_action_plan_activities(where: {id: {_eq: $id}}, _set: {responsible: "Practice nurse"}) { affected_rows } }`,
      { id },
    );
    expect(edit.data).toEqual({ update_action_plan_activities: { affected_rows: 1 } });
    expect(code(await stack.gql(PM, CLOSE, { id, by: pmId }))).toBe('permission-error');
    expect(code(await stack.gql(SURVEYOR, CLOSE, { id, by: pmId }))).toBe('permission-error');
    expect((await stack.gql(SURVEYOR, CLOSE, { id, by: surveyorId })).data).toEqual({
      update_action_plan_activities: { affected_rows: 1 },
    });
    const { rows } = await stack.sql.query(
      'select status, closed_by_id from action_plan_activities where id = $1',
      [id],
    );
    expect(rows).toEqual([{ status: 'CLOSED', closed_by_id: surveyorId }]);
  });
});

describe('assessment status and creation go through actions', () => {
  it('no role sets a status or creates an assessment through GraphQL', async () => {
    const status = `mutation { update_assessments(where: {id: {_eq: ${surveyAssessment}}}, _set: {status: CERTIFIED}) { affected_rows } }`;
    for (const caller of [PM, QAM, ADMIN]) {
      expect(code(await stack.gql(caller, status))).toBe('validation-failed');
    }
    const create = `mutation { insert_assessments(objects: [{accreditation_id: ${accreditationId}, type: PRESURVEY}]) { affected_rows } }`;
    expect(code(await stack.gql(QAM, create))).toBe('validation-failed');
  });

  it('the back office moves due dates, stamped as the last updater', async () => {
    const result = await stack.gql(
      QAM,
      `mutation { update_assessments(where: {id: {_eq: ${surveyAssessment}}}, _set: {action_plan_due: "2031-01-31"}) { affected_rows } }`,
    );
    expect(result.data).toEqual({ update_assessments: { affected_rows: 1 } });
    const { rows } = await stack.sql.query(
      `select to_char(action_plan_due, 'YYYY-MM-DD') as due, last_updated_by_id from assessments where id = $1`,
      [surveyAssessment],
    );
    expect(rows).toEqual([{ due: '2031-01-31', last_updated_by_id: QAM.id }]);
  });
});

describe('comments of others on a self assessment', () => {
  const EDIT = `mutation ($id: Int!, $text: String!) {
    update_comments(where: {id: {_eq: $id}}, _set: {comment: $text}) { affected_rows }
  }`;

  it("spec 001 §6: a super admin edits anyone's self assessment comment; a provider admin who is not one does not", async () => {
    await setStatus(selfAssessment, 'IN_PROGRESS');
    const { rows } = await stack.sql.query<{ id: number }>(
      `insert into comments (practice_id, indicator_response_id, comment, created_by_id)
       values ($1, $2, 'The PM''s comment', $3) returning id`,
      [practiceId, selfResponse, PM.id],
    );
    const id = rows[0]!.id;
    const superAdmin = { ...(await createUser(stack.sql, { isSuperadmin: true })), role: 'provider_admin' };
    // A QAM with the super-admin flag: the flag decides, not the role.
    const superQam = { ...(await createUser(stack.sql, { isQam: true, isSuperadmin: true })), role: 'qam' };
    expect((await stack.gql(ADMIN, EDIT, { id, text: 'by a plain admin' })).data).toEqual({
      update_comments: { affected_rows: 0 },
    });
    expect((await stack.gql(superAdmin, EDIT, { id, text: 'by the super admin' })).data).toEqual({
      update_comments: { affected_rows: 1 },
    });
    expect((await stack.gql(superQam, EDIT, { id, text: 'by a super admin acting as QAM' })).data).toEqual({
      update_comments: { affected_rows: 1 },
    });
    const after = await stack.sql.query('select comment from comments where id = $1', [id]);
    expect(after.rows).toEqual([{ comment: 'by a super admin acting as QAM' }]);
  });
});
