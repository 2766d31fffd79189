import { derivePermissionFlags, type TPracticeAccess } from '@portal/domain';
import {
  addPracticeRole,
  addSurveyVisitor,
  createManagedPractice,
  createPractice,
  createSurveyedPractice,
  createUser,
} from '@portal/testkit/factories';
import { type Caller, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PRACTICE_ACCESS_MESSAGE } from './user-permissions.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
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
    const { practice, pm } = await createSurveyedPractice(stack.sql);
    const flags = await expectFlags(pm, practice.id, {
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
    const { practice, surveyors, visit } = await createSurveyedPractice(stack.sql);
    const flags = await expectFlags(surveyors[0]!, practice.id, {
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [visit.id],
    });
    expect(flags.assessment.changeSurveyInProgress).toBe(true);
    expect(flags.practiceStaff.verifyStaff).toBe(true);
    expect(flags.practiceStaff.changeStaff).toBe(false);
  });

  it('a surveyor only offered the visit is not (yet) its visitor', async () => {
    const { practice, visit } = await createSurveyedPractice(stack.sql);
    const offered = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, practice.id, offered.id, 'SU');
    await addSurveyVisitor(stack.sql, visit.id, offered.id, 'OFFERED');
    const flags = await expectFlags(offered, practice.id, {
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
    expect(flags.assessment.changeSurveyInProgress).toBe(false);
    expect(flags.assessment.viewSurveyUnderReview).toBe(true);
  });

  it('QAM and provider admin on a practice they have no role on; only the admin certifies', async () => {
    const practice = await createPractice(stack.sql);
    const qamUser = await createUser(stack.sql, { isQam: true });
    const adminUser = await createUser(stack.sql, { isAdmin: true });
    const qam = await expectFlags({ ...qamUser, role: 'qam' }, practice.id, {
      practiceRoles: [],
      backOfficeRole: 'qam',
      visitorOnSurveyVisitIds: [],
    });
    expect(qam.assessment.certifySurvey).toBe(false);
    const admin = await expectFlags({ ...adminUser, role: 'provider_admin' }, practice.id, {
      practiceRoles: [],
      backOfficeRole: 'provider_admin',
      visitorOnSurveyVisitIds: [],
    });
    expect(admin.assessment.certifySurvey).toBe(true);
    await expectFlags('admin', practice.id, {
      practiceRoles: [],
      backOfficeRole: 'provider_admin',
      visitorOnSurveyVisitIds: [],
    });
  });

  it('the flags follow the request role: an admin acting as `user` has no back-office flags', async () => {
    const practice = await createPractice(stack.sql);
    const admin = await createUser(stack.sql, { isAdmin: true });
    await expectRefused({ ...admin, role: 'user' }, practice.id);
  });

  it('no role on the practice, a new user, or an unknown practice: one clear refusal', async () => {
    const { practice, pm } = await createSurveyedPractice(stack.sql);
    const otherPracticeManager = (await createManagedPractice(stack.sql)).pm;
    const newUser = await createUser(stack.sql);
    const admin = { ...(await createUser(stack.sql, { isAdmin: true })), role: 'provider_admin' };
    await expectRefused(otherPracticeManager, practice.id);
    await expectRefused(newUser, practice.id);
    await expectRefused(pm, 987_654);
    await expectRefused(admin, 987_654);
  });

  it('roles on an inactive practice do not count; the back office still has its flags', async () => {
    const { id: practiceId, pm } = await createManagedPractice(stack.sql);
    const qam = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
    await stack.sql.query(`update practices set active_status = 'INACTIVE' where organisation_id = $1`, [
      practiceId,
    ]);
    try {
      await expectRefused(pm, practiceId);
      await expectFlags(qam, practiceId, {
        practiceRoles: [],
        backOfficeRole: 'qam',
        visitorOnSurveyVisitIds: [],
      });
    } finally {
      await stack.sql.query(`update practices set active_status = 'ACTIVE' where organisation_id = $1`, [
        practiceId,
      ]);
    }
    await expectFlags(pm, practiceId, {
      practiceRoles: ['PM'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
  });

  it('an inactive practice_users row or a declined visit does not count', async () => {
    const { practice, surveyors, visit } = await createSurveyedPractice(stack.sql);
    const surveyor = surveyors[0]!;
    await stack.sql.query(
      `update practice_users set active = false where practice_id = $1 and user_id = $2`,
      [practice.id, surveyor.id],
    );
    await expectRefused(surveyor, practice.id);
    await stack.sql.query(`update practice_users set active = true where practice_id = $1 and user_id = $2`, [
      practice.id,
      surveyor.id,
    ]);
    await stack.sql.query(
      `update survey_visitors set status = 'DECLINED' where survey_visit_id = $1 and user_id = $2`,
      [visit.id, surveyor.id],
    );
    await expectFlags(surveyor, practice.id, {
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
  });

  it('refuses a malformed practice id: the engine by type, the handler by range', async () => {
    const { pm } = await createManagedPractice(stack.sql);
    const fresh = 'query ($practiceId: Int!) { userPermissions(practiceId: $practiceId) { practiceId } }';
    const malformed = await stack.gql(pm, fresh, { practiceId: 'x' });
    expect(malformed.errors?.[0]).toMatchObject({ extensions: { code: 'validation-failed' } });
    const zero = await ask(pm, 0);
    expect(zero.errors?.[0]).toMatchObject({ extensions: { code: 'invalid_input' } });
  });
});
