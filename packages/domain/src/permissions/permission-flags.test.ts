import { describe, expect, it } from 'vitest';
import {
  derivePermissionFlags,
  hasPracticeAccess,
  PERMISSION_FLAG_NAMES,
  type TPermissionFlags,
  type TPracticeAccess,
} from './permission-flags.ts';

const access = (overrides: Partial<TPracticeAccess> = {}): TPracticeAccess => ({
  practiceRoles: [],
  backOfficeRole: null,
  visitorOnSurveyVisitIds: [],
  ...overrides,
});
const flat = (flags: TPermissionFlags): Record<string, boolean> =>
  Object.fromEntries(
    Object.entries(flags).flatMap(([group, values]) =>
      Object.entries(values as Record<string, boolean>).map(([flag, value]) => [`${group}.${flag}`, value]),
    ),
  );
const granted = (flags: TPermissionFlags) =>
  Object.entries(flat(flags))
    .filter(([, value]) => value)
    .map(([name]) => name);

// The agreed table, written out again by hand so a change to the table in code fails here.
const EXPECTED: Record<string, [pm: boolean, surveyorVisitor: boolean, qam: boolean, admin: boolean]> = {
  'assessment.changeSelfAssessmentUnderReview': [false, false, true, true],
  'assessment.changeSelfAssessmentComplete': [false, false, true, true],
  'assessment.changeSurveyInProgress': [false, true, true, true],
  'assessment.changeSurveyUnderReview': [false, false, true, true],
  'assessment.viewSurveyUnderReview': [false, true, true, true],
  'assessment.changeActionPlan': [false, true, true, true],
  'assessment.changeOtherSurveyorSummary': [false, false, true, true],
  'assessment.certifySurvey': [false, false, false, true],
  'indicatorResponse.addActivityToSurveyActionPlan': [true, true, true, true],
  'practiceStaff.viewStaff': [true, true, true, true],
  'practiceStaff.changeStaff': [true, false, true, true],
  'practiceStaff.verifyStaff': [false, true, true, true],
  'practiceStaff.inviteStaff': [true, false, true, true],
  'practice.changePractice': [true, false, true, true],
};

describe('derivePermissionFlags', () => {
  it('has exactly the agreed flags', () => {
    expect([...PERMISSION_FLAG_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  const columns: Array<[string, TPracticeAccess]> = [
    ['practice manager', access({ practiceRoles: ['PM'] })],
    ['surveyor visiting', access({ practiceRoles: ['SU'], visitorOnSurveyVisitIds: [7] })],
    ['QAM', access({ backOfficeRole: 'qam' })],
    ['provider admin', access({ backOfficeRole: 'provider_admin' })],
  ];
  columns.forEach(([who, a], column) => {
    it(`gives a ${who} exactly the table's column`, () => {
      const flags = flat(derivePermissionFlags(a));
      for (const [name, row] of Object.entries(EXPECTED))
        expect([name, flags[name]]).toEqual([name, row[column]]);
    });
  });

  it('a surveyor changes a survey in progress only as a visitor on that visit', () => {
    const surveyor = access({ practiceRoles: ['SU'], visitorOnSurveyVisitIds: [7] });
    expect(derivePermissionFlags(surveyor, { surveyVisitId: 7 }).assessment.changeSurveyInProgress).toBe(
      true,
    );
    expect(derivePermissionFlags(surveyor, { surveyVisitId: 8 }).assessment.changeSurveyInProgress).toBe(
      false,
    );
    expect(derivePermissionFlags(surveyor, { surveyVisitId: null }).assessment.changeSurveyInProgress).toBe(
      false,
    );
    const notVisiting = access({ practiceRoles: ['SU'] });
    expect(derivePermissionFlags(notVisiting).assessment.changeSurveyInProgress).toBe(false);
    // Everything else a surveyor has does not depend on visiting.
    expect(granted(derivePermissionFlags(notVisiting))).toEqual([
      'assessment.viewSurveyUnderReview',
      'assessment.changeActionPlan',
      'indicatorResponse.addActivityToSurveyActionPlan',
      'practiceStaff.viewStaff',
      'practiceStaff.verifyStaff',
    ]);
  });

  it('back-office users change surveys in progress without being visitors', () => {
    for (const role of ['qam', 'provider_admin'] as const) {
      const flags = derivePermissionFlags(access({ backOfficeRole: role }), { surveyVisitId: 3 });
      expect(flags.assessment.changeSurveyInProgress).toBe(true);
    }
  });

  it('a user with several kinds of access gets the union', () => {
    const both = derivePermissionFlags(access({ practiceRoles: ['PM', 'SU'] }));
    expect(both.practiceStaff).toEqual({
      viewStaff: true,
      changeStaff: true,
      verifyStaff: true,
      inviteStaff: true,
    });
    const pmAndQam = derivePermissionFlags(access({ practiceRoles: ['PM'], backOfficeRole: 'qam' }));
    expect(pmAndQam.assessment.changeSurveyUnderReview).toBe(true);
    expect(pmAndQam.assessment.certifySurvey).toBe(false);
  });

  it('no role and no back-office role: no flag at all, and no access', () => {
    expect(granted(derivePermissionFlags(access({ visitorOnSurveyVisitIds: [1] })))).toEqual([]);
    expect(hasPracticeAccess(access())).toBe(false);
    expect(hasPracticeAccess(access({ practiceRoles: ['SU'] }))).toBe(true);
    expect(hasPracticeAccess(access({ backOfficeRole: 'qam' }))).toBe(true);
  });
});
