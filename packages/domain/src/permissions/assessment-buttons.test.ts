import { describe, expect, it } from 'vitest';
import { ASSESSMENT_STATUSES, type TAssessmentStatus, type TAssessmentType } from './assessment-access.ts';
import { assessmentButtons, type TAssessmentButtons } from './assessment-buttons.ts';
import { derivePermissionFlags, type TPracticeAccess } from './permission-flags.ts';

const PM: TPracticeAccess = { practiceRoles: ['PM'], backOfficeRole: null, visitorOnSurveyVisitIds: [] };
const SURVEYOR: TPracticeAccess = {
  practiceRoles: ['SU'],
  backOfficeRole: null,
  visitorOnSurveyVisitIds: [1],
};
const QAM: TPracticeAccess = { practiceRoles: [], backOfficeRole: 'qam', visitorOnSurveyVisitIds: [] };
const ADMIN: TPracticeAccess = {
  practiceRoles: [],
  backOfficeRole: 'provider_admin',
  visitorOnSurveyVisitIds: [],
};

function buttons(
  access: TPracticeAccess,
  type: TAssessmentType,
  status: TAssessmentStatus,
  options: { hasSubmitted?: boolean; bulkToolsEnabled?: boolean; hasSpecialAccess?: boolean } = {},
): TAssessmentButtons {
  const surveyVisitId = type === 'SURVEY_VISIT' ? 1 : null;
  return assessmentButtons({
    type,
    status,
    flags: derivePermissionFlags(access, { surveyVisitId }),
    hasSubmitted: options.hasSubmitted ?? false,
    isSurveyVisitor: surveyVisitId !== null && access.visitorOnSurveyVisitIds.includes(surveyVisitId),
    bulkToolsEnabled: options.bulkToolsEnabled ?? false,
    hasSpecialAccess: options.hasSpecialAccess ?? false,
  });
}
const shown = (b: TAssessmentButtons) =>
  Object.entries(b)
    .filter(([, v]) => v)
    .map(([k]) => k);

describe('assessmentButtons (spec 001 §6)', () => {
  it('Submit for review: self assessment IN_PROGRESS, for whoever may change it', () => {
    expect(buttons(PM, 'PRESURVEY', 'IN_PROGRESS').submitForReview).toBe(true);
    expect(buttons(SURVEYOR, 'PRESURVEY', 'IN_PROGRESS').submitForReview).toBe(false);
    expect(buttons(PM, 'PRESURVEY', 'UNDER_REVIEW').submitForReview).toBe(false);
  });

  it('Submit for review: survey visit IN_PROGRESS, or PARTIALLY_SUBMITTED not yet submitted, for its visitors', () => {
    expect(buttons(SURVEYOR, 'SURVEY_VISIT', 'IN_PROGRESS').submitForReview).toBe(true);
    expect(buttons(SURVEYOR, 'SURVEY_VISIT', 'PARTIALLY_SUBMITTED').submitForReview).toBe(true);
    expect(
      buttons(SURVEYOR, 'SURVEY_VISIT', 'PARTIALLY_SUBMITTED', { hasSubmitted: true }).submitForReview,
    ).toBe(false);
    expect(buttons(QAM, 'SURVEY_VISIT', 'IN_PROGRESS').submitForReview).toBe(false);
    expect(buttons(SURVEYOR, 'SURVEY_VISIT', 'UNDER_REVIEW').submitForReview).toBe(false);
  });

  it('Completed: self assessment UNDER_REVIEW (reviewers)', () => {
    for (const who of [QAM, ADMIN]) expect(buttons(who, 'PRESURVEY', 'UNDER_REVIEW').completed).toBe(true);
    expect(buttons(PM, 'PRESURVEY', 'UNDER_REVIEW').completed).toBe(false);
    expect(buttons(QAM, 'PRESURVEY', 'COMPLETED').completed).toBe(false);
  });

  it('Action required: survey UNDER_REVIEW; Approve and Reviewed: UNDER_REVIEW or ACTION_REQUIRED', () => {
    for (const status of ASSESSMENT_STATUSES) {
      const b = buttons(QAM, 'SURVEY_VISIT', status);
      expect(b.actionRequired).toBe(status === 'UNDER_REVIEW');
      expect(b.approve).toBe(status === 'UNDER_REVIEW' || status === 'ACTION_REQUIRED');
      expect(b.reviewed).toBe(b.approve);
      expect(buttons(QAM, 'PRESURVEY', status).approve).toBe(false);
    }
    expect(buttons(SURVEYOR, 'SURVEY_VISIT', 'ACTION_REQUIRED').approve).toBe(false);
  });

  it('Issue certificate: APPROVED and certifySurvey', () => {
    expect(buttons(ADMIN, 'SURVEY_VISIT', 'APPROVED').issueCertificate).toBe(true);
    expect(buttons(QAM, 'SURVEY_VISIT', 'APPROVED').issueCertificate).toBe(false);
    expect(buttons(ADMIN, 'SURVEY_VISIT', 'ACTION_REQUIRED').issueCertificate).toBe(false);
  });

  it('Edit summary: survey IN_PROGRESS, PARTIALLY_SUBMITTED or UNDER_REVIEW and not yet submitted by this user', () => {
    expect(buttons(SURVEYOR, 'SURVEY_VISIT', 'IN_PROGRESS').editSummary).toBe(true);
    expect(buttons(SURVEYOR, 'SURVEY_VISIT', 'PARTIALLY_SUBMITTED', { hasSubmitted: true }).editSummary).toBe(
      false,
    );
    expect(buttons(QAM, 'SURVEY_VISIT', 'UNDER_REVIEW').editSummary).toBe(true);
    expect(buttons(PM, 'SURVEY_VISIT', 'IN_PROGRESS').editSummary).toBe(false);
    for (const status of ['ACTION_REQUIRED', 'APPROVED', 'CERTIFIED'] as const) {
      expect(buttons(ADMIN, 'SURVEY_VISIT', status).editSummary).toBe(false);
    }
  });

  it('Request Assistance: self assessment only, for the practice (not its reviewers); Report: hidden for a survey IN_PROGRESS', () => {
    for (const status of ASSESSMENT_STATUSES) {
      expect(buttons(PM, 'PRESURVEY', status).requestAssistance).toBe(true);
      expect(buttons(QAM, 'PRESURVEY', status).requestAssistance).toBe(false);
      expect(buttons(ADMIN, 'PRESURVEY', status).requestAssistance).toBe(false);
      expect(buttons(SURVEYOR, 'PRESURVEY', status).requestAssistance).toBe(false);
      expect(buttons(PM, 'SURVEY_VISIT', status).requestAssistance).toBe(false);
      expect(buttons(PM, 'PRESURVEY', status).report).toBe(true);
      expect(buttons(PM, 'SURVEY_VISIT', status).report).toBe(status !== 'IN_PROGRESS');
    }
  });

  it('Action plan download: survey CERTIFIED, APPROVED, ACTION_REQUIRED or UNDER_REVIEW', () => {
    for (const status of ASSESSMENT_STATUSES) {
      expect(buttons(PM, 'SURVEY_VISIT', status).actionPlanDownload).toBe(
        ['CERTIFIED', 'APPROVED', 'ACTION_REQUIRED', 'UNDER_REVIEW'].includes(status),
      );
      expect(buttons(PM, 'PRESURVEY', status).actionPlanDownload).toBe(false);
    }
  });

  it('Auto complete, Auto clear, Reopen: only with the build flag or special access', () => {
    expect(shown(buttons(ADMIN, 'SURVEY_VISIT', 'CERTIFIED'))).not.toContain('reopen');
    const b = buttons(PM, 'PRESURVEY', 'COMPLETED', { bulkToolsEnabled: true });
    expect([b.autoComplete, b.autoClear, b.reopen]).toEqual([true, true, true]);
  });

  it('spec 001 §6: Reopen of a certified survey needs special access itself, not the switch', () => {
    expect(buttons(ADMIN, 'SURVEY_VISIT', 'CERTIFIED', { bulkToolsEnabled: true }).reopen).toBe(false);
    expect(
      buttons(ADMIN, 'SURVEY_VISIT', 'CERTIFIED', { bulkToolsEnabled: true, hasSpecialAccess: true }).reopen,
    ).toBe(true);
    expect(buttons(ADMIN, 'SURVEY_VISIT', 'APPROVED', { bulkToolsEnabled: true }).reopen).toBe(true);
  });

  it('a practice manager sees no review, approval or certification button in any status', () => {
    for (const status of ASSESSMENT_STATUSES) {
      for (const type of ['PRESURVEY', 'SURVEY_VISIT'] as const) {
        const b = buttons(PM, type, status);
        expect([b.completed, b.actionRequired, b.approve, b.reviewed, b.issueCertificate]).toEqual([
          false,
          false,
          false,
          false,
          false,
        ]);
      }
    }
  });
});
