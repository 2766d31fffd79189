import { derivePermissionFlags, type TPracticeAccess } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { NO_PRACTICE_ACCESS_MESSAGE } from './user-permissions.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'seeded' });
}, 60_000);
afterAll(() => stack?.close());

const QUERY = `query ($practiceId: Int!) {
  userPermissions(practiceId: $practiceId) {
    practiceId practiceRoles backOfficeRole visitorOnSurveyVisitIds
    assessment {
      changeSelfAssessmentUnderReview changeSelfAssessmentComplete changeSurveyInProgress changeSurveyUnderReview
      viewSurveyUnderReview changeActionPlan changeOtherSurveyorSummary certifySurvey
    }
    indicatorResponse { addActivityToSurveyActionPlan }
    practiceStaff { viewStaff changeStaff verifyStaff inviteStaff }
    practice { changePractice }
  }
}`;
const ask = (caller: Caller, practiceId: number) => stack.gql(caller, QUERY, { practiceId });
const expectFlags = async (caller: Caller, practiceId: number, access: TPracticeAccess) => {
  const result = await ask(caller, practiceId);
  expect(result.errors).toBeUndefined();
  expect(result.data?.userPermissions).toEqual({ practiceId, ...access, ...derivePermissionFlags(access) });
  return result.data?.userPermissions as ReturnType<typeof derivePermissionFlags>;
};
const expectRefused = async (caller: Caller, practiceId: number) => {
  const result = await ask(caller, practiceId);
  expect(result.data).toBeUndefined();
  expect(result.errors).toEqual([{ message: NO_PRACTICE_ACCESS_MESSAGE, extensions: { code: 'forbidden' } }]);
};

describe('userPermissions(practiceId) through the engine', () => {
  it('a practice manager of the practice: staff and practice changes, no review flag', async () => {
    const flags = await expectFlags('pm@demo.test', 5, {
      practiceRoles: ['PM'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
    expect(flags.practiceStaff).toEqual({
      viewStaff: true,
      changeStaff: true,
      verifyStaff: false,
      inviteStaff: true,
    });
    expect(flags.assessment.changeSurveyInProgress).toBe(false);
  });

  it('a surveyor visiting the practice: surveys in progress, verification, action plans', async () => {
    const flags = await expectFlags('surveyor@demo.test', 5, {
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [3],
    });
    expect(flags.assessment.changeSurveyInProgress).toBe(true);
    expect(flags.practiceStaff.verifyStaff).toBe(true);
    expect(flags.practiceStaff.changeStaff).toBe(false);
  });

  it('a surveyor only offered the visit is not (yet) its visitor', async () => {
    const flags = await expectFlags('surveyor3@demo.test', 2, {
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
    expect(flags.assessment.changeSurveyInProgress).toBe(false);
    expect(flags.assessment.viewSurveyUnderReview).toBe(true);
  });

  it('QAM and provider admin on a practice they have no role on; only the admin certifies', async () => {
    const qam = await expectFlags('qam@demo.test', 1, {
      practiceRoles: [],
      backOfficeRole: 'qam',
      visitorOnSurveyVisitIds: [],
    });
    expect(qam.assessment.certifySurvey).toBe(false);
    const admin = await expectFlags('admin@demo.test', 1, {
      practiceRoles: [],
      backOfficeRole: 'provider_admin',
      visitorOnSurveyVisitIds: [],
    });
    expect(admin.assessment.certifySurvey).toBe(true);
    await expectFlags('admin', 1, {
      practiceRoles: [],
      backOfficeRole: 'provider_admin',
      visitorOnSurveyVisitIds: [],
    });
  });

  it('the flags follow the request role: an admin acting as `user` has no back-office flags', async () => {
    await expectRefused({ email: 'admin@demo.test', role: 'user' }, 1);
  });

  it('no role on the practice, a new user, or an unknown practice: one clear refusal', async () => {
    await expectRefused('pm.single@demo.test', 5);
    await expectRefused('newuser@demo.test', 1);
    await expectRefused('pm@demo.test', 987_654);
    await expectRefused('admin@demo.test', 987_654);
  });

  it('roles on an inactive practice do not count; the back office still has its flags', async () => {
    await stack.sql.query(`update practices set active_status = 'INACTIVE' where organisation_id = 1`);
    try {
      await expectRefused('pm.single@demo.test', 1);
      await expectFlags('qam@demo.test', 1, {
        practiceRoles: [],
        backOfficeRole: 'qam',
        visitorOnSurveyVisitIds: [],
      });
    } finally {
      await stack.sql.query(`update practices set active_status = 'ACTIVE' where organisation_id = 1`);
    }
    await expectFlags('pm.single@demo.test', 1, {
      practiceRoles: ['PM'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
  });

  it('an inactive practice_users row or a declined visit does not count', async () => {
    await stack.sql.query(`update practice_users set active = false where practice_id = 6 and user_id = 3`);
    await expectRefused('surveyor@demo.test', 6);
    await stack.sql.query(`update practice_users set active = true where practice_id = 6 and user_id = 3`);
    await stack.sql.query(
      `update survey_visitors set status = 'DECLINED' where survey_visit_id = 4 and user_id = 3`,
    );
    await expectFlags('surveyor@demo.test', 6, {
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
  });

  it('refuses a malformed practice id: the engine by type, the handler by range', async () => {
    const fresh = 'query ($practiceId: Int!) { userPermissions(practiceId: $practiceId) { practiceId } }';
    const malformed = await stack.gql('pm@demo.test', fresh, { practiceId: 'x' });
    expect(malformed.errors?.[0]).toMatchObject({ extensions: { code: 'validation-failed' } });
    const zero = await ask('pm@demo.test', 0);
    expect(zero.errors?.[0]).toMatchObject({ extensions: { code: 'invalid_input' } });
  });
});
