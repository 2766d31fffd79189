import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurveyedPracticeCallers, type RoleCaller } from './world.ts';

// The reviewer's marks on a survey's findings (spec 001 §6 changeSurveyUnderReview):
// 'Reviewed' and 'Further action required' are set by the back office while the survey is
// UNDER_REVIEW or ACTION_REQUIRED; the practice and its surveyors (role user) cannot set them.
// Through the real engine.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
}, 60_000);
afterAll(() => stack?.close());

const MARK = `mutation ($id: Int!, $r: Boolean!, $f: Boolean!) {
  update_indicator_responses(where: {id: {_eq: $id}}, _set: {reviewed: $r, further_action_required: $f}) { affected_rows }
}`;

async function surveyIn(status: string) {
  const callers = await createSurveyedPracticeCallers(stack.sql);
  const { practice } = callers;
  await stack.sql.query(`update assessments set status = $1 where id = $2`, [status, practice.survey.id]);
  for (const surveyor of practice.surveyors) {
    await stack.sql.query('insert into assessment_submissions (assessment_id, user_id) values ($1, $2)', [
      practice.survey.id,
      surveyor.id,
    ]);
  }
  return { ...callers, response: practice.survey.responseIds[0]! };
}

async function marks(response: number) {
  const { rows } = await stack.sql.query(
    'select reviewed, further_action_required from indicator_responses where id = $1',
    [response],
  );
  return rows[0];
}

async function tryMark(caller: RoleCaller, response: number) {
  const result = await stack.gql<{ update_indicator_responses: { affected_rows: number } }>(caller, MARK, {
    id: response,
    r: true,
    f: true,
  });
  return result.errors ? 'refused' : result.data?.update_indicator_responses.affected_rows;
}

describe('reviewed and further action required on a survey', () => {
  for (const status of ['UNDER_REVIEW', 'ACTION_REQUIRED']) {
    it(`are set by the QAM and the provider admin while ${status}`, async () => {
      const w = await surveyIn(status);
      expect(await tryMark(w.QAM, w.response)).toBe(1);
      expect(await marks(w.response)).toEqual({ reviewed: true, further_action_required: true });
      await stack.sql.query(
        'update indicator_responses set reviewed = false, further_action_required = false where id = $1',
        [w.response],
      );
      expect(await tryMark(w.ADMIN, w.response)).toBe(1);
      expect(await marks(w.response)).toEqual({ reviewed: true, further_action_required: true });
    });

    it(`are refused to the practice manager and the surveyors while ${status}`, async () => {
      const w = await surveyIn(status);
      for (const caller of [w.PM, w.SURVEYOR, w.SURVEYOR2]) {
        expect([caller.email, ['refused', 0].includes((await tryMark(caller, w.response)) ?? 0)]).toEqual([
          caller.email,
          true,
        ]);
      }
      expect(await marks(w.response)).toEqual({ reviewed: false, further_action_required: false });
    });
  }

  it('stay refused to the practice once the survey is approved (only certifySurvey changes it then)', async () => {
    const w = await surveyIn('APPROVED');
    for (const caller of [w.PM, w.SURVEYOR]) {
      expect(['refused', 0]).toContain(await tryMark(caller, w.response));
    }
    expect(await marks(w.response)).toEqual({ reviewed: false, further_action_required: false });
  });
});
