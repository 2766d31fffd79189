import { describe, expect, it } from 'vitest';
import { ASSESSMENT_STATUSES, STATUSES_OF_TYPE } from '../permissions/assessment-access.ts';
import { derivePermissionFlags } from '../permissions/permission-flags.ts';
import { ASSESSMENT_REOPEN, canMove } from './assessment-transitions.ts';
import { matchesIndicatorFilter, visibleIndicatorFilters } from './indicator-filters.ts';
import { BLANK_RESPONSE } from './indicator-response.ts';
import {
  approveProblems,
  REOPEN_REASON_MAX_LENGTH,
  REVIEW_MESSAGES,
  reopenTarget,
  reopenWithdrawsSubmissions,
  repeatAssessmentOf,
  repeatAssessmentRequired,
  reviewMarks,
  SURVEY_APPROVE,
  type TApprovalResponse,
  ZReopenReasonSchema,
} from './survey-approval.ts';

const response = (over: Partial<TApprovalResponse>): TApprovalResponse => ({
  indicatorId: 1,
  code: 'C1.1',
  mandatory: true,
  compliance: 'NOT_MET',
  non_conformity_status: 'OPEN',
  refer_to_ca: false,
  ...over,
});

describe('SURVEY_APPROVE', () => {
  it('approves a survey visit under review or with action required, nothing else', () => {
    expect(ASSESSMENT_STATUSES.filter((s) => canMove(SURVEY_APPROVE, 'SURVEY_VISIT', s))).toEqual([
      'UNDER_REVIEW',
      'ACTION_REQUIRED',
    ]);
    expect(ASSESSMENT_STATUSES.filter((s) => canMove(SURVEY_APPROVE, 'PRESURVEY', s))).toEqual([]);
    expect(SURVEY_APPROVE.to).toBe('APPROVED');
  });
});

describe('approveProblems', () => {
  it('lists the NOT_MET indicators whose non-conformity is open and not referred, in order', () => {
    const problems = approveProblems([
      response({ indicatorId: 1, code: 'A' }),
      response({ indicatorId: 2, code: 'B', non_conformity_status: 'CLOSED' }),
      response({ indicatorId: 3, code: 'C', refer_to_ca: true }),
      response({ indicatorId: 4, code: 'D', compliance: 'MET' }),
      response({ indicatorId: 5, code: 'E', compliance: null }),
      response({ indicatorId: 6, code: 'F', non_conformity_status: null }),
    ]);
    expect(problems).toEqual([
      { indicatorId: 1, code: 'A' },
      { indicatorId: 6, code: 'F' },
    ]);
  });

  it('has none when every non-conformity is closed or referred', () => {
    expect(approveProblems([])).toEqual([]);
    expect(approveProblems([response({ refer_to_ca: true, non_conformity_status: 'CLOSED' })])).toEqual([]);
  });

  it('names the codes in its refusal', () => {
    expect(REVIEW_MESSAGES.openNonConformities(['1.1.1', '2.2.2'])).toContain('1.1.1, 2.2.2');
  });
});

describe('the repeat-assessment rule (20 %)', () => {
  it('fires at 20 % or more of the mandatory indicators not met, not below', () => {
    expect(repeatAssessmentRequired({ mandatoryCount: 5, mandatoryNotMet: 1 })).toBe(true);
    expect(repeatAssessmentRequired({ mandatoryCount: 10, mandatoryNotMet: 2 })).toBe(true);
    expect(repeatAssessmentRequired({ mandatoryCount: 10, mandatoryNotMet: 1 })).toBe(false);
    expect(repeatAssessmentRequired({ mandatoryCount: 6, mandatoryNotMet: 1 })).toBe(false);
    expect(repeatAssessmentRequired({ mandatoryCount: 100, mandatoryNotMet: 19 })).toBe(false);
    expect(repeatAssessmentRequired({ mandatoryCount: 100, mandatoryNotMet: 20 })).toBe(true);
    expect(repeatAssessmentRequired({ mandatoryCount: 3, mandatoryNotMet: 3 })).toBe(true);
  });

  it('never fires without mandatory indicators', () => {
    expect(repeatAssessmentRequired({ mandatoryCount: 0, mandatoryNotMet: 0 })).toBe(false);
  });

  it('counts only mandatory indicators, and NOT_MET whatever became of the non-conformity', () => {
    const result = repeatAssessmentOf([
      { mandatory: true, compliance: 'NOT_MET' },
      { mandatory: true, compliance: 'MET' },
      { mandatory: true, compliance: 'MET' },
      { mandatory: true, compliance: 'MET' },
      { mandatory: true, compliance: null },
      { mandatory: false, compliance: 'NOT_MET' },
      { mandatory: false, compliance: 'NOT_MET' },
    ]);
    expect(result).toEqual({ mandatoryCount: 5, mandatoryNotMet: 1, percent: 20, required: true });
    expect(repeatAssessmentOf([{ mandatory: false, compliance: 'NOT_MET' }])).toEqual({
      mandatoryCount: 0,
      mandatoryNotMet: 0,
      percent: 0,
      required: false,
    });
  });
});

describe('reopenTarget', () => {
  it('spec 001 §6: goes one step back, per type and status (a certified survey to approved)', () => {
    const table = Object.fromEntries(
      (['PRESURVEY', 'SURVEY_VISIT'] as const).flatMap((type) =>
        STATUSES_OF_TYPE[type].map((status) => [`${type} ${status}`, reopenTarget(type, status)]),
      ),
    );
    expect(table).toEqual({
      'PRESURVEY IN_PROGRESS': null,
      'PRESURVEY UNDER_REVIEW': 'IN_PROGRESS',
      'PRESURVEY COMPLETED': 'IN_PROGRESS',
      'SURVEY_VISIT IN_PROGRESS': null,
      'SURVEY_VISIT PARTIALLY_SUBMITTED': 'IN_PROGRESS',
      'SURVEY_VISIT UNDER_REVIEW': 'IN_PROGRESS',
      'SURVEY_VISIT ACTION_REQUIRED': 'UNDER_REVIEW',
      'SURVEY_VISIT APPROVED': 'UNDER_REVIEW',
      'SURVEY_VISIT CERTIFIED': 'APPROVED',
    });
  });

  it('takes an approved survey back to the status it was approved from', () => {
    expect(reopenTarget('SURVEY_VISIT', 'APPROVED', 'ACTION_REQUIRED')).toBe('ACTION_REQUIRED');
    expect(reopenTarget('SURVEY_VISIT', 'APPROVED', 'UNDER_REVIEW')).toBe('UNDER_REVIEW');
    expect(reopenTarget('SURVEY_VISIT', 'APPROVED', null)).toBe('UNDER_REVIEW');
  });

  it('has a target exactly where ASSESSMENT_REOPEN may start', () => {
    for (const type of ['PRESURVEY', 'SURVEY_VISIT'] as const) {
      for (const status of STATUSES_OF_TYPE[type]) {
        expect([type, status, reopenTarget(type, status) !== null]).toEqual([
          type,
          status,
          canMove(ASSESSMENT_REOPEN, type, status),
        ]);
      }
    }
  });

  it('withdraws submissions only when going back in progress', () => {
    expect(reopenWithdrawsSubmissions('IN_PROGRESS')).toBe(true);
    expect(reopenWithdrawsSubmissions('UNDER_REVIEW')).toBe(false);
  });
});

describe('ZReopenReasonSchema', () => {
  it('needs 1 to 2000 characters, trimmed', () => {
    expect(ZReopenReasonSchema.parse('  Wrong rating  ')).toBe('Wrong rating');
    expect(ZReopenReasonSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      REVIEW_MESSAGES.reasonRequired,
    );
    expect(ZReopenReasonSchema.safeParse('x'.repeat(REOPEN_REASON_MAX_LENGTH)).success).toBe(true);
    expect(
      ZReopenReasonSchema.safeParse('x'.repeat(REOPEN_REASON_MAX_LENGTH + 1)).error?.issues[0]?.message,
    ).toBe(REVIEW_MESSAGES.reasonTooLong);
  });
});

describe('reviewMarks', () => {
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
  const marks = (type: 'PRESURVEY' | 'SURVEY_VISIT', flags: typeof qam) =>
    Object.fromEntries(
      STATUSES_OF_TYPE[type].map((status) => {
        const m = reviewMarks({ type, status, flags, hasSubmitted: false });
        return [status, `${m.shown ? 'shown' : 'hidden'}${m.editable ? ' editable' : ''}`];
      }),
    );

  it('shows them to the back office on a survey under review or with action required, editable', () => {
    expect(marks('SURVEY_VISIT', qam)).toEqual({
      IN_PROGRESS: 'hidden',
      PARTIALLY_SUBMITTED: 'hidden',
      UNDER_REVIEW: 'shown editable',
      ACTION_REQUIRED: 'shown editable',
      APPROVED: 'hidden',
      CERTIFIED: 'hidden',
    });
    expect(marks('PRESURVEY', qam)).toEqual({
      IN_PROGRESS: 'hidden',
      UNDER_REVIEW: 'shown editable',
      COMPLETED: 'shown editable',
    });
  });

  it('never lets the practice tick them', () => {
    expect(marks('SURVEY_VISIT', pm)).toMatchObject({ UNDER_REVIEW: 'shown', ACTION_REQUIRED: 'shown' });
    expect(marks('PRESURVEY', pm)).toMatchObject({ UNDER_REVIEW: 'shown', COMPLETED: 'shown' });
  });
});

describe('the review filters on a survey', () => {
  it('show Further action required, Reviewed and Unreviewed while the survey is under review', () => {
    expect(visibleIndicatorFilters('SURVEY_VISIT', 'UNDER_REVIEW')).toEqual(
      expect.arrayContaining(['ACTION_REQUIRED', 'REVIEWED', 'UNREVIEWED']),
    );
    expect(visibleIndicatorFilters('SURVEY_VISIT', 'IN_PROGRESS')).not.toContain('REVIEWED');
  });

  it("sort a survey's findings by the reviewer's marks", () => {
    const marked = {
      ...BLANK_RESPONSE,
      compliance: 'NOT_MET' as const,
      reviewed: true,
      further_action_required: true,
    };
    const filters = ['ACTION_REQUIRED', 'REVIEWED', 'UNREVIEWED'] as const;
    expect(filters.map((f) => matchesIndicatorFilter('SURVEY_VISIT', marked, f))).toEqual([
      true,
      true,
      false,
    ]);
    expect(filters.map((f) => matchesIndicatorFilter('SURVEY_VISIT', BLANK_RESPONSE, f))).toEqual([
      false,
      false,
      true,
    ]);
  });
});
