import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_STATUSES,
  canAddActionPlanActivity,
  canChangeActionPlan,
  canChangeAssessment,
  canChangeAssessmentInputs,
  canChangeNonConformityStatus,
  canEditSurveyorSummary,
  canReadAssessmentFindings,
  canReadAssessmentResponses,
  canWriteAssessmentComments,
  canWriteAssessmentResponses,
  canWriteSurveyorSummary,
  isAssessmentLocked,
  type TAssessmentStatus,
  type TAssessmentType,
} from './assessment-access.ts';
import { derivePermissionFlags, type TPermissionFlags } from './permission-flags.ts';

/** Flags with exactly the named ones set (`group.flag`). */
function only(...names: string[]): TPermissionFlags {
  const flags = derivePermissionFlags({
    practiceRoles: [],
    backOfficeRole: null,
    visitorOnSurveyVisitIds: [],
  });
  for (const name of names) {
    const [group, flag] = name.split('.') as [keyof TPermissionFlags, string];
    (flags[group] as Record<string, boolean>)[flag] = true;
  }
  return flags;
}
const NONE = only();
const ALL = derivePermissionFlags({
  practiceRoles: ['PM', 'SU'],
  backOfficeRole: 'provider_admin',
  visitorOnSurveyVisitIds: [1],
});

const change = (
  type: TAssessmentType,
  status: TAssessmentStatus,
  flags: TPermissionFlags,
  hasSubmitted = false,
) => canChangeAssessment({ type, status, flags, hasSubmitted });
const inputs = (
  type: TAssessmentType,
  status: TAssessmentStatus,
  flags: TPermissionFlags,
  hasSubmitted = false,
) => canChangeAssessmentInputs({ type, status, flags, hasSubmitted });

/**
 * Spec 001 §6 "A user may change an assessment", one row per status: the flag that allows it
 * (`anyone`/`yes` read as practice.changePractice), or null for "no".
 */
const SPEC_TABLE: Record<TAssessmentStatus, { self: string[] | null; survey: string[] | null }> = {
  IN_PROGRESS: { self: ['practice.changePractice'], survey: ['assessment.changeSurveyInProgress'] },
  PARTIALLY_SUBMITTED: {
    self: null,
    survey: ['assessment.changeSurveyInProgress', 'assessment.changeOtherSurveyorSummary'],
  },
  UNDER_REVIEW: {
    self: ['assessment.changeSelfAssessmentUnderReview'],
    survey: ['assessment.changeSurveyUnderReview'],
  },
  COMPLETED: { self: ['practice.changePractice'], survey: null },
  ACTION_REQUIRED: { self: null, survey: ['assessment.changeActionPlan'] },
  APPROVED: { self: null, survey: ['assessment.certifySurvey'] },
  CERTIFIED: { self: null, survey: ['practice.changePractice'] },
};

describe('canChangeAssessment: every row of spec 001 §6', () => {
  for (const status of ASSESSMENT_STATUSES) {
    for (const [type, column] of [
      ['PRESURVEY', 'self'],
      ['SURVEY_VISIT', 'survey'],
    ] as const) {
      const allowedBy = SPEC_TABLE[status][column];
      it(`${type} ${status}: ${allowedBy ? allowedBy.join(' or ') : 'no'}`, () => {
        expect(change(type, status, NONE)).toBe(false);
        expect(change(type, status, ALL)).toBe(allowedBy !== null);
        for (const flag of allowedBy ?? []) expect(change(type, status, only(flag))).toBe(true);
        // Every other single flag alone does not allow it.
        const others = Object.entries(ALL).flatMap(([group, values]) =>
          Object.keys(values).map((flag) => `${group}.${flag}`),
        );
        for (const flag of others.filter((f) => !allowedBy?.includes(f))) {
          expect([flag, change(type, status, only(flag))]).toEqual([flag, false]);
        }
      });
    }
  }
});

describe('canChangeAssessmentInputs', () => {
  it('self assessment inputs in COMPLETED need changeSelfAssessmentComplete', () => {
    expect(inputs('PRESURVEY', 'COMPLETED', only('practice.changePractice'))).toBe(false);
    expect(inputs('PRESURVEY', 'COMPLETED', only('assessment.changeSelfAssessmentComplete'))).toBe(true);
  });

  it('self assessment inputs otherwise follow the assessment rule', () => {
    expect(inputs('PRESURVEY', 'IN_PROGRESS', only('practice.changePractice'))).toBe(true);
    expect(inputs('PRESURVEY', 'UNDER_REVIEW', only('practice.changePractice'))).toBe(false);
    expect(inputs('PRESURVEY', 'UNDER_REVIEW', only('assessment.changeSelfAssessmentUnderReview'))).toBe(
      true,
    );
    for (const status of ['PARTIALLY_SUBMITTED', 'ACTION_REQUIRED', 'APPROVED', 'CERTIFIED'] as const) {
      expect(inputs('PRESURVEY', status, ALL)).toBe(false);
    }
  });

  it('survey inputs in progress need changeSurveyInProgress and no submission by this user', () => {
    const surveying = only('assessment.changeSurveyInProgress');
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED'] as const) {
      expect(inputs('SURVEY_VISIT', status, surveying)).toBe(true);
      expect(inputs('SURVEY_VISIT', status, surveying, true)).toBe(false);
      expect(inputs('SURVEY_VISIT', status, only('assessment.changeOtherSurveyorSummary'))).toBe(false);
    }
  });

  it('spec 001 §6: survey inputs later follow the assessment rule; in ACTION_REQUIRED changeActionPlan; certified findings only through Reopen', () => {
    expect(inputs('SURVEY_VISIT', 'UNDER_REVIEW', only('assessment.changeSurveyUnderReview'))).toBe(true);
    expect(inputs('SURVEY_VISIT', 'ACTION_REQUIRED', only('assessment.changeActionPlan'))).toBe(true);
    expect(inputs('SURVEY_VISIT', 'ACTION_REQUIRED', only('assessment.changeSurveyUnderReview'))).toBe(false);
    expect(inputs('SURVEY_VISIT', 'APPROVED', only('assessment.certifySurvey'))).toBe(true);
    expect(inputs('SURVEY_VISIT', 'APPROVED', only('assessment.changeSurveyUnderReview'))).toBe(false);
    expect(inputs('SURVEY_VISIT', 'CERTIFIED', ALL)).toBe(false);
    expect(inputs('SURVEY_VISIT', 'COMPLETED', ALL)).toBe(false);
  });
});

describe('isAssessmentLocked', () => {
  const locked = (type: TAssessmentType, status: TAssessmentStatus, flags: TPermissionFlags) =>
    isAssessmentLocked({ type, status, flags });

  it('a survey visit UNDER_REVIEW without viewSurveyUnderReview', () => {
    expect(locked('SURVEY_VISIT', 'UNDER_REVIEW', NONE)).toBe(true);
    expect(locked('SURVEY_VISIT', 'UNDER_REVIEW', only('assessment.viewSurveyUnderReview'))).toBe(false);
  });

  it('a survey visit IN_PROGRESS or PARTIALLY_SUBMITTED without changeSurveyInProgress', () => {
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED'] as const) {
      expect(locked('SURVEY_VISIT', status, only('assessment.viewSurveyUnderReview'))).toBe(true);
      expect(locked('SURVEY_VISIT', status, only('assessment.changeSurveyInProgress'))).toBe(false);
    }
  });

  it('a self assessment UNDER_REVIEW without changeSelfAssessmentUnderReview', () => {
    expect(locked('PRESURVEY', 'UNDER_REVIEW', only('practice.changePractice'))).toBe(true);
    expect(locked('PRESURVEY', 'UNDER_REVIEW', only('assessment.changeSelfAssessmentUnderReview'))).toBe(
      false,
    );
  });

  it('nothing else is locked, even with no flag', () => {
    for (const status of ['IN_PROGRESS', 'COMPLETED'] as const)
      expect(locked('PRESURVEY', status, NONE)).toBe(false);
    for (const status of ['ACTION_REQUIRED', 'APPROVED', 'CERTIFIED'] as const) {
      expect(locked('SURVEY_VISIT', status, NONE)).toBe(false);
    }
  });
});

describe('canEditSurveyorSummary', () => {
  const surveyor = only('assessment.changeSurveyInProgress', 'assessment.changeActionPlan');
  const qam = only('assessment.changeOtherSurveyorSummary', 'assessment.changeActionPlan');
  const edit = (
    status: TAssessmentStatus,
    flags: TPermissionFlags,
    isAuthor: boolean,
    hasSubmitted = false,
  ) => canEditSurveyorSummary({ status, flags, isAuthor, hasSubmitted });

  it('the author while surveying, until they submit', () => {
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED'] as const) {
      expect(edit(status, surveyor, true)).toBe(true);
      expect(edit(status, surveyor, true, true)).toBe(false);
      expect(edit(status, surveyor, false)).toBe(false);
    }
    expect(edit('UNDER_REVIEW', surveyor, true)).toBe(false);
  });

  it("others' summaries with changeOtherSurveyorSummary, also under review", () => {
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 'ACTION_REQUIRED'] as const) {
      expect(edit(status, qam, false)).toBe(true);
    }
    for (const status of ['APPROVED', 'CERTIFIED'] as const) expect(edit(status, qam, false)).toBe(false);
  });

  it('in ACTION_REQUIRED the author with changeActionPlan', () => {
    expect(edit('ACTION_REQUIRED', surveyor, true, true)).toBe(true);
    expect(edit('ACTION_REQUIRED', surveyor, false)).toBe(false);
    expect(edit('ACTION_REQUIRED', only('assessment.changeSurveyInProgress'), true)).toBe(false);
  });
});

describe('action plan rules', () => {
  it('activities are added and opened or closed only in a survey ACTION_REQUIRED, with the flag', () => {
    for (const status of ASSESSMENT_STATUSES) {
      for (const type of ['PRESURVEY', 'SURVEY_VISIT'] as const) {
        const expected = type === 'SURVEY_VISIT' && status === 'ACTION_REQUIRED';
        expect(canAddActionPlanActivity({ type, status, flags: ALL })).toBe(expected);
        expect(canChangeActionPlan({ type, status, flags: ALL })).toBe(expected);
      }
    }
    const pm = derivePermissionFlags({
      practiceRoles: ['PM'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
    expect(canAddActionPlanActivity({ type: 'SURVEY_VISIT', status: 'ACTION_REQUIRED', flags: pm })).toBe(
      true,
    );
    expect(canChangeActionPlan({ type: 'SURVEY_VISIT', status: 'ACTION_REQUIRED', flags: pm })).toBe(false);
  });
});

describe('canChangeNonConformityStatus', () => {
  const flagsOf = (practiceRoles: Array<'PM' | 'SU'>, backOfficeRole: 'qam' | null) =>
    derivePermissionFlags({ practiceRoles, backOfficeRole, visitorOnSurveyVisitIds: [1] });
  const nc = (status: TAssessmentStatus, flags: TPermissionFlags, type: TAssessmentType = 'SURVEY_VISIT') =>
    canChangeNonConformityStatus({ type, status, flags, hasSubmitted: false });

  it('a surveyor of the practice only while action is required; a PM never', () => {
    for (const status of ASSESSMENT_STATUSES) {
      expect([status, nc(status, flagsOf(['SU'], null))]).toEqual([status, status === 'ACTION_REQUIRED']);
      expect([status, nc(status, flagsOf(['PM'], null))]).toEqual([status, false]);
      expect([status, nc(status, flagsOf(['PM'], null), 'PRESURVEY')]).toEqual([status, false]);
    }
  });

  it('a reviewer wherever they change the inputs', () => {
    const qam = flagsOf([], 'qam');
    for (const status of ASSESSMENT_STATUSES) {
      const context = { type: 'SURVEY_VISIT' as const, status, flags: qam, hasSubmitted: false };
      expect([status, nc(status, qam)]).toEqual([
        status,
        canChangeAssessmentInputs(context) || canChangeActionPlan(context),
      ]);
    }
    expect(nc('UNDER_REVIEW', qam)).toBe(true);
    expect(nc('CERTIFIED', qam)).toBe(false);
  });
});

describe('canReadAssessmentResponses', () => {
  it('survey findings when not locked; self assessment answers always', () => {
    for (const status of ASSESSMENT_STATUSES) {
      expect(canReadAssessmentResponses({ type: 'PRESURVEY', status, flags: NONE })).toBe(true);
      const locked = isAssessmentLocked({ type: 'SURVEY_VISIT', status, flags: NONE });
      expect(canReadAssessmentResponses({ type: 'SURVEY_VISIT', status, flags: NONE })).toBe(!locked);
    }
    expect(canReadAssessmentResponses({ type: 'SURVEY_VISIT', status: 'UNDER_REVIEW', flags: NONE })).toBe(
      false,
    );
    expect(canReadAssessmentResponses({ type: 'SURVEY_VISIT', status: 'ACTION_REQUIRED', flags: NONE })).toBe(
      true,
    );
  });
});

describe('canWriteAssessmentResponses', () => {
  it('the inputs, or the non-conformity status while action is required', () => {
    const su = derivePermissionFlags({
      practiceRoles: ['SU'],
      backOfficeRole: null,
      visitorOnSurveyVisitIds: [],
    });
    for (const status of ASSESSMENT_STATUSES) {
      for (const type of ['PRESURVEY', 'SURVEY_VISIT'] as const) {
        for (const flags of [ALL, NONE, su]) {
          const context = { type, status, flags, hasSubmitted: false };
          expect(canWriteAssessmentResponses(context)).toBe(
            canChangeAssessmentInputs(context) || canChangeActionPlan(context),
          );
        }
      }
    }
    const actionRequired = {
      type: 'SURVEY_VISIT' as const,
      status: 'ACTION_REQUIRED' as const,
      hasSubmitted: false,
    };
    expect(canChangeAssessmentInputs({ ...actionRequired, flags: su })).toBe(true);
    expect(canWriteAssessmentResponses({ ...actionRequired, flags: su })).toBe(true);
  });
});

describe('canReadAssessmentFindings (nothing of a survey in progress before signing the agreement)', () => {
  const visitor = derivePermissionFlags(
    { practiceRoles: ['SU'], backOfficeRole: null, visitorOnSurveyVisitIds: [1] },
    { surveyVisitId: 1 },
  );
  const qam = derivePermissionFlags({
    practiceRoles: [],
    backOfficeRole: 'qam',
    visitorOnSurveyVisitIds: [],
  });
  const pm = derivePermissionFlags({
    practiceRoles: ['PM'],
    backOfficeRole: null,
    visitorOnSurveyVisitIds: [],
  });
  const read = (
    flags: TPermissionFlags,
    status: TAssessmentStatus,
    hasSigned: boolean,
    type: TAssessmentType = 'SURVEY_VISIT',
  ) => canReadAssessmentFindings({ type, status, flags, hasSigned });

  it('a visitor reads an IN_PROGRESS survey only once signed; later statuses without', () => {
    expect(read(visitor, 'IN_PROGRESS', false)).toBe(false);
    expect(read(visitor, 'IN_PROGRESS', true)).toBe(true);
    expect(read(visitor, 'PARTIALLY_SUBMITTED', false)).toBe(true);
  });

  it('the back office reads without signing; the PM not before review, signed or not', () => {
    expect(read(qam, 'IN_PROGRESS', false)).toBe(true);
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW'] as const)
      expect(read(pm, status, true)).toBe(false);
    expect(read(pm, 'ACTION_REQUIRED', false)).toBe(true);
  });

  it('a self assessment needs no agreement', () => {
    expect(read(pm, 'IN_PROGRESS', false, 'PRESURVEY')).toBe(true);
  });
});

describe('canWriteAssessmentComments and canWriteSurveyorSummary (no writing before signing either)', () => {
  const visitor = derivePermissionFlags(
    { practiceRoles: ['SU'], backOfficeRole: null, visitorOnSurveyVisitIds: [1] },
    { surveyVisitId: 1 },
  );
  const admin = derivePermissionFlags({
    practiceRoles: [],
    backOfficeRole: 'provider_admin',
    visitorOnSurveyVisitIds: [],
  });
  const pm = derivePermissionFlags({
    practiceRoles: ['PM'],
    backOfficeRole: null,
    visitorOnSurveyVisitIds: [],
  });
  const survey = (status: TAssessmentStatus, flags: TPermissionFlags, hasSigned: boolean) => ({
    type: 'SURVEY_VISIT' as const,
    status,
    flags,
    hasSubmitted: false,
    hasSigned,
  });

  it('a visitor comments on and summarises a survey in progress only once signed', () => {
    expect(canWriteAssessmentComments(survey('IN_PROGRESS', visitor, false))).toBe(false);
    expect(canWriteAssessmentComments(survey('IN_PROGRESS', visitor, true))).toBe(true);
    expect(canWriteSurveyorSummary({ ...survey('IN_PROGRESS', visitor, false), isAuthor: true })).toBe(false);
    expect(canWriteSurveyorSummary({ ...survey('IN_PROGRESS', visitor, true), isAuthor: true })).toBe(true);
    // The agreement is asked while in progress only (as for reading).
    expect(
      canWriteSurveyorSummary({ ...survey('PARTIALLY_SUBMITTED', visitor, false), isAuthor: true }),
    ).toBe(true);
  });

  it('spec 001 §4: the back office too writes only once signed; a self assessment needs no agreement', () => {
    expect(canWriteAssessmentComments(survey('IN_PROGRESS', admin, false))).toBe(false);
    expect(canWriteSurveyorSummary({ ...survey('IN_PROGRESS', admin, false), isAuthor: false })).toBe(false);
    expect(canWriteAssessmentComments(survey('IN_PROGRESS', admin, true))).toBe(true);
    expect(canWriteSurveyorSummary({ ...survey('IN_PROGRESS', admin, true), isAuthor: false })).toBe(true);
    expect(canWriteAssessmentComments(survey('UNDER_REVIEW', admin, false))).toBe(true);
    expect(canWriteAssessmentComments({ ...survey('IN_PROGRESS', pm, false), type: 'PRESURVEY' })).toBe(true);
  });

  it('a self assessment has no surveyor summary', () => {
    expect(
      canWriteSurveyorSummary({ ...survey('IN_PROGRESS', admin, true), type: 'PRESURVEY', isAuthor: true }),
    ).toBe(false);
  });
});
