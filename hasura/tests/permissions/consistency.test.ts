import {
  ASSESSMENT_STATUSES,
  ASSESSMENT_TYPES,
  canAddActionPlanActivity,
  canChangeAssessment,
  canChangeAssessmentInputs,
  canChangeNonConformityStatus,
  canEditSurveyorSummary,
  canReadAssessmentFindings,
  derivePermissionFlags,
  STATUSES_OF_TYPE,
  type TAssessmentAccessContext,
  type TAssessmentType,
  type TPracticeAccess,
} from '@portal/domain';
import { createGeneralComment } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurveyedPracticeCallers, type RoleCaller } from './world.ts';

// Spec 001 §6 against the real engine: for every role × assessment type × status (× whether the
// caller already submitted), the expected outcome comes from packages/domain, fed with the flags
// the userPermissions action answers; the change is then attempted through GraphQL. The metadata
// and the domain cannot drift apart without this test failing.

// The test's practice: an open cycle with a self assessment and a survey visit's assessment
// (responses in each), its PM, and a surveyor who is SU on it, an accepted visitor of the visit,
// and wrote a summary of the survey assessment.
let PRACTICE_ID: number;
let SURVEY_VISIT_ID: number;
/** The surveyor's summary of the survey assessment. */
let SUMMARY_ID: number;

type Caller = RoleCaller & { name: string; userId: number; access: TPracticeAccess };

let stack: TestStack;
let callers: Caller[];
/** The surveyor, author of the summary. */
let author: RoleCaller;
const responseOf: Record<TAssessmentType, number> = { PRESURVEY: 0, SURVEY_VISIT: 0 };
const assessmentOf: Record<TAssessmentType, number> = { PRESURVEY: 0, SURVEY_VISIT: 0 };

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const { practice, PM, SURVEYOR, QAM, ADMIN } = await createSurveyedPracticeCallers(stack.sql);
  PRACTICE_ID = practice.practice.id;
  SURVEY_VISIT_ID = practice.visit.id;
  assessmentOf.PRESURVEY = practice.self.id;
  assessmentOf.SURVEY_VISIT = practice.survey.id;
  responseOf.PRESURVEY = practice.self.responseIds[0]!;
  responseOf.SURVEY_VISIT = practice.survey.responseIds[0]!;
  author = SURVEYOR;
  SUMMARY_ID = (await createGeneralComment(stack.sql, practice.survey.id, author.id)).id;
  const people = [
    { name: 'PM', user: PM },
    { name: 'surveyor (visitor)', user: SURVEYOR },
    { name: 'QAM', user: QAM },
    { name: 'provider admin', user: ADMIN },
  ];
  callers = [];
  for (const { name, user } of people) {
    const answer = await stack.gql<{ userPermissions: TPracticeAccess }>(
      user,
      `query ($id: Int!) { userPermissions(practiceId: $id) { practiceRoles backOfficeRole visitorOnSurveyVisitIds } }`,
      { id: PRACTICE_ID },
    );
    expect(answer.errors, name).toBeUndefined();
    callers.push({ ...user, name, userId: user.id, access: answer.data!.userPermissions });
  }
}, 60_000);
afterAll(() => stack?.close());

const arrangeSubmission = async (type: TAssessmentType, userId: number, submitted: boolean) => {
  await stack.sql.query('delete from assessment_submissions where assessment_id = $1 and user_id = $2', [
    assessmentOf[type],
    userId,
  ]);
  if (submitted) {
    await stack.sql.query('insert into assessment_submissions (assessment_id, user_id) values ($1, $2)', [
      assessmentOf[type],
      userId,
    ]);
  }
};

const arrangeSignature = async (type: TAssessmentType, userId: number, signed: boolean) => {
  await stack.sql.query('delete from confidentiality_signs where assessment_id = $1 and user_id = $2', [
    assessmentOf[type],
    userId,
  ]);
  if (signed) {
    await stack.sql.query('insert into confidentiality_signs (assessment_id, user_id) values ($1, $2)', [
      assessmentOf[type],
      userId,
    ]);
  }
};

/** The outcome of a write: did the row change, and was a refusal an error or zero rows? */
type Outcome = 'changed' | 'refused';
const refusedOrChanged = (
  result: { errors?: Array<{ extensions?: { code?: string } }> },
  changed: boolean,
) => {
  if (result.errors) {
    // A refusal must be a permission refusal, never anything else.
    expect(result.errors[0]?.extensions?.code).toMatch(/^(permission-error|validation-failed)$/);
    expect(changed).toBe(false);
  }
  return changed ? 'changed' : 'refused';
};

let serial = 0;
async function updateObservation(caller: Caller, type: TAssessmentType): Promise<Outcome> {
  const text = `consistency ${++serial}`;
  const result = await stack.gql(
    caller,
    `mutation ($id: Int!, $text: String!) {
      update_indicator_responses(where: {id: {_eq: $id}}, _set: {observation: $text}) { affected_rows }
    }`,
    { id: responseOf[type], text },
  );
  const { rows } = await stack.sql.query(
    'select observation, last_updated_by_id from indicator_responses where id = $1',
    [responseOf[type]],
  );
  const changed = rows[0].observation === text;
  if (changed) expect(rows[0].last_updated_by_id).toBe(caller.userId);
  return refusedOrChanged(result, changed);
}

/** Opens a closed non-conformity or closes an open one; the server stamps date_closed. */
async function toggleNonConformity(caller: Caller, type: TAssessmentType): Promise<Outcome> {
  const before = await stack.sql.query(
    'select non_conformity_status from indicator_responses where id = $1',
    [responseOf[type]],
  );
  const next = before.rows[0].non_conformity_status === 'CLOSED' ? 'OPEN' : 'CLOSED';
  const result = await stack.gql(
    caller,
    `mutation ($id: Int!, $s: non_conformity_status_enum!) {
      update_indicator_responses(where: {id: {_eq: $id}}, _set: {non_conformity_status: $s}) { affected_rows }
    }`,
    { id: responseOf[type], s: next },
  );
  const { rows } = await stack.sql.query(
    `select non_conformity_status, date_closed = public.portal_today() as closed_today, date_closed is null as open
       from indicator_responses where id = $1`,
    [responseOf[type]],
  );
  const changed = rows[0].non_conformity_status === next;
  if (changed) expect(next === 'CLOSED' ? rows[0].closed_today : rows[0].open).toBe(true);
  return refusedOrChanged(result, changed);
}

async function addComment(caller: Caller, type: TAssessmentType): Promise<Outcome> {
  const text = `comment ${++serial}`;
  const result = await stack.gql(
    caller,
    `mutation ($r: Int!, $p: Int!, $text: String!) {
      insert_comments(objects: [{indicator_response_id: $r, practice_id: $p, comment: $text}]) { affected_rows }
    }`,
    { r: responseOf[type], p: PRACTICE_ID, text },
  );
  const { rows } = await stack.sql.query('select created_by_id from comments where comment = $1', [text]);
  if (rows[0]) expect(rows[0].created_by_id).toBe(caller.userId);
  return refusedOrChanged(result, rows.length === 1);
}

async function addActivity(caller: Caller, type: TAssessmentType): Promise<Outcome> {
  const text = `activity ${++serial}`;
  const result = await stack.gql(
    caller,
    `mutation ($r: Int!, $text: String!) {
      insert_action_plan_activities(objects: [{indicator_response_id: $r, description: $text}]) { affected_rows }
    }`,
    { r: responseOf[type], text },
  );
  const { rows } = await stack.sql.query(
    'select created_by_id from action_plan_activities where description = $1',
    [text],
  );
  if (rows[0]) expect(rows[0].created_by_id).toBe(caller.userId);
  return refusedOrChanged(result, rows.length === 1);
}

async function editSummary(caller: Caller): Promise<Outcome> {
  const text = `summary ${++serial}`;
  const result = await stack.gql(
    caller,
    `mutation ($id: Int!, $text: String!) {
      update_general_comments(where: {id: {_eq: $id}}, _set: {text: $text}) { affected_rows }
    }`,
    { id: SUMMARY_ID, text },
  );
  const { rows } = await stack.sql.query('select text from general_comments where id = $1', [SUMMARY_ID]);
  return refusedOrChanged(result, rows[0].text === text);
}

async function readsResponse(caller: Caller, type: TAssessmentType): Promise<boolean> {
  const result = await stack.gql<{ indicator_responses: unknown[] }>(
    caller,
    `query ($id: Int!) { indicator_responses(where: {id: {_eq: $id}}) { id } }`,
    { id: responseOf[type] },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.indicator_responses.length === 1;
}

const expected = (allowed: boolean): Outcome => (allowed ? 'changed' : 'refused');

describe('spec 001 §6: the flags and the GraphQL permissions agree', () => {
  for (const type of ASSESSMENT_TYPES) {
    for (const status of ASSESSMENT_STATUSES) {
      if (!STATUSES_OF_TYPE[type].includes(status)) {
        it(`${type} ${status} cannot exist, and the domain allows no change in it`, async () => {
          await expect(
            stack.sql.query('update assessments set status = $1 where id = $2', [status, assessmentOf[type]]),
          ).rejects.toThrow(/assessments_status_fits_type/);
          for (const caller of callers) {
            const flags = derivePermissionFlags(caller.access, { surveyVisitId: null });
            for (const hasSubmitted of [false, true]) {
              const context = { type, status, flags, hasSubmitted };
              expect(canChangeAssessment(context) || canChangeAssessmentInputs(context)).toBe(false);
            }
          }
        });
        continue;
      }

      it(`${type} ${status}`, async () => {
        await stack.sql.query('update assessments set status = $1 where id = $2', [
          status,
          assessmentOf[type],
        ]);
        const rows: string[] = [];
        const differences: string[] = [];
        const compare = (what: string, want: unknown, got: unknown) => {
          rows.push(what);
          if (want !== got) differences.push(`${what}: domain says ${want}, GraphQL did ${got}`);
        };
        for (const caller of callers) {
          const flags = derivePermissionFlags(caller.access, {
            surveyVisitId: type === 'SURVEY_VISIT' ? SURVEY_VISIT_ID : null,
          });
          for (const hasSigned of [false, true]) {
            await arrangeSignature(type, caller.userId, hasSigned);
            compare(
              `${caller.name}${hasSigned ? ' (signed the agreement)' : ''} reads a response`,
              canReadAssessmentFindings({ type, status, flags, hasSigned }),
              await readsResponse(caller, type),
            );
          }
          for (const hasSubmitted of [false, true]) {
            await arrangeSubmission(type, caller.userId, hasSubmitted);
            const context: TAssessmentAccessContext = { type, status, flags, hasSubmitted };
            const who = `${caller.name}${hasSubmitted ? ' (submitted)' : ''}`;
            compare(
              `${who} changes a response`,
              expected(canChangeAssessmentInputs(context)),
              await updateObservation(caller, type),
            );
            compare(
              `${who} opens or closes a non-conformity`,
              expected(canChangeNonConformityStatus(context)),
              await toggleNonConformity(caller, type),
            );
            compare(
              `${who} comments`,
              expected(canChangeAssessment(context)),
              await addComment(caller, type),
            );
            compare(
              `${who} adds an action plan activity`,
              expected(canAddActionPlanActivity(context)),
              await addActivity(caller, type),
            );
            if (type === 'SURVEY_VISIT') {
              const isAuthor = caller.userId === author.id;
              compare(
                `${who} edits the surveyor's summary`,
                expected(canEditSurveyorSummary({ ...context, isAuthor })),
                await editSummary(caller),
              );
            }
          }
          await arrangeSubmission(type, caller.userId, false);
        }
        expect(differences).toEqual([]);
        expect(rows.length).toBeGreaterThan(0);
      });
    }
  }

  it('a withdrawn submission (a reopen) counts as none: the visitor may change and summarise again', async () => {
    await stack.sql.query(`update assessments set status = 'IN_PROGRESS' where id = $1`, [
      assessmentOf.SURVEY_VISIT,
    ]);
    const surveyor = callers.find((c) => c.name === 'surveyor (visitor)')!;
    const flags = derivePermissionFlags(surveyor.access, { surveyVisitId: SURVEY_VISIT_ID });
    const context = (hasSubmitted: boolean): TAssessmentAccessContext => ({
      type: 'SURVEY_VISIT',
      status: 'IN_PROGRESS',
      flags,
      hasSubmitted,
    });
    const submissions = async () =>
      (
        await stack.gql<{ assessment_submissions: Array<{ user_id: number }> }>(
          surveyor,
          `query ($a: Int!) { assessment_submissions(where: {assessment_id: {_eq: $a}}) { user_id } }`,
          { a: assessmentOf.SURVEY_VISIT },
        )
      ).data?.assessment_submissions.filter((s) => s.user_id === surveyor.userId);

    await arrangeSubmission('SURVEY_VISIT', surveyor.userId, true);
    expect(await submissions()).toEqual([{ user_id: surveyor.userId }]);
    expect(await updateObservation(surveyor, 'SURVEY_VISIT')).toBe(
      expected(canChangeAssessmentInputs(context(true))),
    );
    expect(await editSummary(surveyor)).toBe(
      expected(canEditSurveyorSummary({ ...context(true), isAuthor: true })),
    );

    await stack.sql.query(
      `update assessment_submissions set withdrawn_at = now(), withdrawn_by_id = $2
        where assessment_id = $1 and user_id = $2`,
      [assessmentOf.SURVEY_VISIT, surveyor.userId],
    );
    expect(await submissions()).toEqual([]);
    expect(await updateObservation(surveyor, 'SURVEY_VISIT')).toBe(
      expected(canChangeAssessmentInputs(context(false))),
    );
    expect(await editSummary(surveyor)).toBe(
      expected(canEditSurveyorSummary({ ...context(false), isAuthor: true })),
    );
    // The two answers differ, so the withdrawal is what changed them.
    expect(canChangeAssessmentInputs(context(true))).not.toBe(canChangeAssessmentInputs(context(false)));

    // Submitting again is possible (one live submission per user), the withdrawn one is kept.
    await stack.sql.query('insert into assessment_submissions (assessment_id, user_id) values ($1, $2)', [
      assessmentOf.SURVEY_VISIT,
      surveyor.userId,
    ]);
    await expect(
      stack.sql.query('insert into assessment_submissions (assessment_id, user_id) values ($1, $2)', [
        assessmentOf.SURVEY_VISIT,
        surveyor.userId,
      ]),
    ).rejects.toThrow(/assessment_submissions_one_live/);
    const { rows } = await stack.sql.query(
      `select count(*) filter (where withdrawn_at is null)::int as live, count(*)::int as all
         from assessment_submissions where assessment_id = $1 and user_id = $2`,
      [assessmentOf.SURVEY_VISIT, surveyor.userId],
    );
    expect(rows).toEqual([{ live: 1, all: 2 }]);
    await stack.sql.query('delete from assessment_submissions where assessment_id = $1 and user_id = $2', [
      assessmentOf.SURVEY_VISIT,
      surveyor.userId,
    ]);
  });

  it('the table is not vacuous: each caller is allowed some changes and refused others', () => {
    for (const caller of callers) {
      const outcomes = new Set<boolean>();
      for (const type of ASSESSMENT_TYPES) {
        const flags = derivePermissionFlags(caller.access, {
          surveyVisitId: type === 'SURVEY_VISIT' ? SURVEY_VISIT_ID : null,
        });
        for (const status of STATUSES_OF_TYPE[type]) {
          outcomes.add(canChangeAssessmentInputs({ type, status, flags, hasSubmitted: false }));
        }
      }
      expect([caller.name, [...outcomes].sort()]).toEqual([caller.name, [false, true]]);
    }
  });
});
