import { describe, expect, it } from 'vitest';
import { ASSESSMENT_STATUSES, type TAssessmentType } from '../permissions/assessment-access.ts';
import { derivePermissionFlags, type TPracticeAccess } from '../permissions/permission-flags.ts';
import {
  canDownloadActionPlanReport,
  countCompliance,
  summariseNonConformities,
} from './assessment-reports.ts';

const PM: TPracticeAccess = { practiceRoles: ['PM'], backOfficeRole: null, visitorOnSurveyVisitIds: [] };
const SURVEYOR: TPracticeAccess = {
  practiceRoles: ['SU'],
  backOfficeRole: null,
  visitorOnSurveyVisitIds: [1],
};
const QAM: TPracticeAccess = { practiceRoles: [], backOfficeRole: 'qam', visitorOnSurveyVisitIds: [] };

const allowedIn = (access: TPracticeAccess, type: TAssessmentType = 'SURVEY_VISIT') =>
  ASSESSMENT_STATUSES.filter((status) => {
    const surveyVisitId = type === 'SURVEY_VISIT' ? 1 : null;
    return canDownloadActionPlanReport({
      type,
      status,
      flags: derivePermissionFlags(access, { surveyVisitId }),
      hasSubmitted: false,
      isSurveyVisitor: access.visitorOnSurveyVisitIds.includes(1),
      bulkToolsEnabled: false,
    });
  });

describe('canDownloadActionPlanReport (spec 001 §6 Action plan download)', () => {
  it('gives the reviewer every status of the button', () => {
    expect(allowedIn(QAM)).toEqual(['UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED', 'CERTIFIED']);
  });

  it('gives the practice its plan once the survey is past review, not while it is reviewed', () => {
    expect(allowedIn(PM)).toEqual(['ACTION_REQUIRED', 'APPROVED', 'CERTIFIED']);
  });

  it('gives the surveyor the statuses they may read', () => {
    expect(allowedIn(SURVEYOR)).toContain('UNDER_REVIEW');
    expect(allowedIn(SURVEYOR)).not.toContain('IN_PROGRESS');
  });

  it('never for a self assessment', () => {
    expect(allowedIn(QAM, 'PRESURVEY')).toEqual([]);
    expect(allowedIn(PM, 'PRESURVEY')).toEqual([]);
  });
});

describe('summariseNonConformities', () => {
  it('counts open, closed, referred and each rating with its open ones', () => {
    const summary = summariseNonConformities([
      { non_conformity_status: 'OPEN', refer_to_ca: false, risk_rating: 'CRITICAL' },
      { non_conformity_status: 'CLOSED', refer_to_ca: false, risk_rating: 'CRITICAL' },
      { non_conformity_status: 'OPEN', refer_to_ca: true, risk_rating: 'HIGH' },
      { non_conformity_status: 'CLOSED', refer_to_ca: true, risk_rating: 'LOW' },
      { non_conformity_status: 'OPEN', refer_to_ca: false, risk_rating: null },
    ]);
    expect(summary).toEqual({
      total: 5,
      open: 3,
      closed: 2,
      referred: 2,
      byRating: {
        CRITICAL: { total: 2, open: 1 },
        HIGH: { total: 1, open: 1 },
        MODERATE: { total: 0, open: 0 },
        LOW: { total: 1, open: 0 },
      },
      unrated: 1,
    });
  });

  it('is all zeros without non-conformities', () => {
    expect(summariseNonConformities([]).total).toBe(0);
    expect(summariseNonConformities([]).byRating.MODERATE).toEqual({ total: 0, open: 0 });
  });
});

describe('countCompliance', () => {
  it('counts each compliance and the unrated', () => {
    expect(countCompliance(['MET', 'MET', 'NOT_MET', 'NOT_APPLICABLE', null])).toEqual({
      MET: 2,
      NOT_MET: 1,
      NOT_APPLICABLE: 1,
      none: 1,
    });
  });
});
