import { describe, expect, it } from 'vitest';
import { ASSESSMENT_STATUSES, type TAssessmentStatus } from '../permissions/assessment-access.ts';
import { derivePermissionFlags, type TPracticeAccess } from '../permissions/permission-flags.ts';
import { actionPlanBadge, assessmentStatusBadge, assessmentTypeLabel } from './assessment-labels.ts';
import { assessmentLockReason } from './assessment-lock-reason.ts';
import { ASSESSMENT_MESSAGES } from './assessment-messages.ts';
import {
  ASSESSMENT_REOPEN,
  canMove,
  SELF_ASSESSMENT_COMPLETE,
  SELF_ASSESSMENT_SUBMIT,
  SURVEY_LAST_SUBMIT,
  SURVEY_PART_SUBMIT,
  surveySubmitMove,
} from './assessment-transitions.ts';
import { canDeleteIndicatorFile, canEditComment } from './indicator-extras.ts';
import {
  indicatorFilterCounts,
  matchesIndicatorFilter,
  parseIndicatorFilter,
  showsNonConformityFilter,
  visibleIndicatorFilters,
} from './indicator-filters.ts';
import {
  BLANK_RESPONSE,
  indicatorBanner,
  isAnswered,
  type TIndicatorResponseFields,
} from './indicator-response.ts';
import {
  applyEdit,
  combineEdits,
  remainingEdit,
  savePayload,
  selfAssessmentChoice,
  selfAssessmentChoiceOf,
} from './response-edits.ts';

const r = (fields: Partial<TIndicatorResponseFields> = {}): TIndicatorResponseFields => ({
  ...BLANK_RESPONSE,
  ...fields,
});
const PM: TPracticeAccess = { practiceRoles: ['PM'], backOfficeRole: null, visitorOnSurveyVisitIds: [] };
const SURVEYOR: TPracticeAccess = {
  practiceRoles: ['SU'],
  backOfficeRole: null,
  visitorOnSurveyVisitIds: [],
};
const QAM: TPracticeAccess = { practiceRoles: [], backOfficeRole: 'qam', visitorOnSurveyVisitIds: [] };
const ADMIN: TPracticeAccess = {
  practiceRoles: [],
  backOfficeRole: 'provider_admin',
  visitorOnSurveyVisitIds: [],
};

describe('labels and badges (spec 001 §2)', () => {
  it('shows in progress, under review or complete for each status', () => {
    const badges = Object.fromEntries(ASSESSMENT_STATUSES.map((s) => [s, assessmentStatusBadge(s)]));
    expect(badges).toEqual({
      IN_PROGRESS: 'in progress',
      PARTIALLY_SUBMITTED: 'in progress',
      UNDER_REVIEW: 'under review',
      COMPLETED: 'complete',
      ACTION_REQUIRED: 'complete',
      APPROVED: 'complete',
      CERTIFIED: 'complete',
    });
  });

  it('shows the action plan badge only for a survey with a plan', () => {
    expect(actionPlanBadge('SURVEY_VISIT', 'ACTION_REQUIRED')).toBe('action required');
    expect(actionPlanBadge('SURVEY_VISIT', 'APPROVED')).toBe('approved');
    expect(actionPlanBadge('SURVEY_VISIT', 'CERTIFIED')).toBe('certified');
    expect(actionPlanBadge('SURVEY_VISIT', 'UNDER_REVIEW')).toBeNull();
    expect(actionPlanBadge('PRESURVEY', 'COMPLETED')).toBeNull();
  });

  it('names a self assessment and a survey by its visit type (ACCREDITATION shows as Survey)', () => {
    expect(assessmentTypeLabel('PRESURVEY')).toBe('Self Assessment');
    expect(assessmentTypeLabel('SURVEY_VISIT', 'ACCREDITATION')).toBe('Survey');
    expect(assessmentTypeLabel('SURVEY_VISIT', 'GAP')).toBe('Gap');
    expect(assessmentTypeLabel('SURVEY_VISIT', null)).toBe('Survey');
  });
});

describe('assessmentLockReason (spec 001 §2, §6)', () => {
  const reason = (access: TPracticeAccess, type: 'PRESURVEY' | 'SURVEY_VISIT', status: TAssessmentStatus) =>
    assessmentLockReason({
      type,
      status,
      flags: derivePermissionFlags(access, { surveyVisitId: type === 'PRESURVEY' ? null : 9 }),
    });

  it('locks a self assessment under review for the practice, not for the provider', () => {
    expect(reason(PM, 'PRESURVEY', 'UNDER_REVIEW')).toBe(ASSESSMENT_MESSAGES.lockedRow.selfUnderReview);
    expect(reason(QAM, 'PRESURVEY', 'UNDER_REVIEW')).toBeNull();
    expect(reason(PM, 'PRESURVEY', 'IN_PROGRESS')).toBeNull();
    expect(reason(PM, 'PRESURVEY', 'COMPLETED')).toBeNull();
  });

  it('locks a survey being surveyed or under review for those who lack the flag', () => {
    expect(reason(PM, 'SURVEY_VISIT', 'IN_PROGRESS')).toBe(ASSESSMENT_MESSAGES.lockedRow.surveyInProgress);
    expect(reason(PM, 'SURVEY_VISIT', 'PARTIALLY_SUBMITTED')).toBe(
      ASSESSMENT_MESSAGES.lockedRow.surveyInProgress,
    );
    expect(reason(PM, 'SURVEY_VISIT', 'UNDER_REVIEW')).toBe(ASSESSMENT_MESSAGES.lockedRow.surveyUnderReview);
    expect(reason(PM, 'SURVEY_VISIT', 'ACTION_REQUIRED')).toBeNull();
    // A surveyor who is not a visitor on this visit cannot open it while it is surveyed.
    expect(reason(SURVEYOR, 'SURVEY_VISIT', 'IN_PROGRESS')).toBe(
      ASSESSMENT_MESSAGES.lockedRow.surveyInProgress,
    );
    expect(reason(SURVEYOR, 'SURVEY_VISIT', 'UNDER_REVIEW')).toBeNull();
    expect(reason(ADMIN, 'SURVEY_VISIT', 'IN_PROGRESS')).toBeNull();
  });
});

describe('filters and their counts (spec 001 §2)', () => {
  it('shows the tabs the status allows', () => {
    expect(visibleIndicatorFilters('PRESURVEY', 'IN_PROGRESS')).toEqual([
      'ALL',
      'NOT_APPLICABLE',
      'COMPLETE',
      'INCOMPLETE',
    ]);
    expect(visibleIndicatorFilters('PRESURVEY', 'UNDER_REVIEW')).toEqual([
      'ALL',
      'NOT_APPLICABLE',
      'ACTION_REQUIRED',
      'COMPLETE',
      'INCOMPLETE',
      'REVIEWED',
      'UNREVIEWED',
    ]);
    expect(visibleIndicatorFilters('SURVEY_VISIT', 'IN_PROGRESS')).toEqual([
      'ALL',
      'MET',
      'NOT_MET',
      'NOT_APPLICABLE',
      'COMPLETE',
      'INCOMPLETE',
    ]);
    // N/A is hidden while action is required.
    expect(visibleIndicatorFilters('SURVEY_VISIT', 'ACTION_REQUIRED')).not.toContain('NOT_APPLICABLE');
    expect(visibleIndicatorFilters('SURVEY_VISIT', 'UNDER_REVIEW')).toContain('REVIEWED');
  });

  it('shows the non-conformity sub-filter only on Not met while action is required, for the back office', () => {
    expect(showsNonConformityFilter('NOT_MET', 'ACTION_REQUIRED', true)).toBe(true);
    expect(showsNonConformityFilter('NOT_MET', 'ACTION_REQUIRED', false)).toBe(false);
    expect(showsNonConformityFilter('NOT_MET', 'UNDER_REVIEW', true)).toBe(false);
    expect(showsNonConformityFilter('MET', 'ACTION_REQUIRED', true)).toBe(false);
  });

  it('puts each response under the tabs it belongs to, and counts them', () => {
    const responses = [
      r({ is_marked_complete: true, reviewed: true }),
      r({ compliance: 'NOT_APPLICABLE' }),
      r({ further_action_required: true, reviewed: true, is_marked_complete: true }),
      r(),
      r({ checklists: { '1': { '1': true } } }),
    ];
    expect(indicatorFilterCounts('PRESURVEY', responses)).toEqual({
      ALL: 5,
      MET: 0,
      NOT_MET: 0,
      NOT_APPLICABLE: 1,
      ACTION_REQUIRED: 1,
      COMPLETE: 2,
      INCOMPLETE: 2,
      REVIEWED: 2,
      UNREVIEWED: 3,
    });
    const survey = [
      r({ compliance: 'MET' }),
      r({ compliance: 'NOT_MET', non_conformity_status: 'OPEN' }),
      r({ compliance: 'NOT_MET', non_conformity_status: 'CLOSED' }),
      r({ compliance: 'NOT_MET', refer_to_ca: true }),
      r(),
    ];
    expect(indicatorFilterCounts('SURVEY_VISIT', survey)).toMatchObject({
      MET: 1,
      NOT_MET: 3,
      INCOMPLETE: 1,
    });
    const sub = (f: 'OPEN' | 'CLOSED' | 'REFER') =>
      survey.filter((x) => matchesIndicatorFilter('SURVEY_VISIT', x, 'NOT_MET', f)).length;
    expect([sub('OPEN'), sub('CLOSED'), sub('REFER')]).toEqual([1, 1, 1]);
  });

  it('reads the tab from the address, falling back to All for an unknown or hidden one', () => {
    const visible = visibleIndicatorFilters('PRESURVEY', 'IN_PROGRESS');
    expect(parseIndicatorFilter('complete', visible)).toBe('COMPLETE');
    expect(parseIndicatorFilter('REVIEWED', visible)).toBe('ALL');
    expect(parseIndicatorFilter('nonsense', visible)).toBe('ALL');
    expect(parseIndicatorFilter(null, visible)).toBe('ALL');
  });
});

describe('the indicator banner (spec 001 §4)', () => {
  const items = [
    { question: 1, item: 1, mustHave: true },
    { question: 1, item: 2, mustHave: false },
    { question: 2, item: 1, mustHave: true },
  ];
  const allMust = { '1': { '1': true }, '2': { '1': true } };

  it('is completed on a self assessment marked complete with every must-have ticked', () => {
    expect(indicatorBanner('PRESURVEY', r({ is_marked_complete: true, checklists: allMust }), items)).toBe(
      'completed',
    );
    expect(
      indicatorBanner(
        'PRESURVEY',
        r({ is_marked_complete: true, checklists: { '1': { '1': true } } }),
        items,
      ),
    ).toBeNull();
    expect(indicatorBanner('PRESURVEY', r({ checklists: allMust }), items)).toBeNull();
    expect(indicatorBanner('PRESURVEY', r({ is_marked_complete: true }), [])).toBe('completed');
  });

  it('spec 001 §4: a survey shows success when MET or NOT_MET and the must-haves are done', () => {
    expect(indicatorBanner('SURVEY_VISIT', r({ compliance: 'MET', checklists: allMust }), items)).toBe(
      'success',
    );
    expect(indicatorBanner('SURVEY_VISIT', r({ compliance: 'MET' }), items)).toBeNull();
    const nc = {
      compliance: 'NOT_MET' as const,
      non_compliance_statement: 'Gaps in the log',
      non_compliance_type: 'Process',
      risk_type: 'Clinical',
      risk_likelihood: 'LOW' as const,
      risk_impact: 'LOW' as const,
      risk_rating: 'LOW' as const,
    };
    // The non-compliance filled in is not what the banner asks: the must-haves are.
    expect(indicatorBanner('SURVEY_VISIT', r(nc), items)).toBeNull();
    expect(indicatorBanner('SURVEY_VISIT', r({ ...nc, checklists: allMust }), items)).toBe('success');
    expect(indicatorBanner('SURVEY_VISIT', r({ compliance: 'NOT_MET', checklists: allMust }), items)).toBe(
      'success',
    );
    expect(
      indicatorBanner('SURVEY_VISIT', r({ compliance: 'NOT_APPLICABLE', checklists: allMust }), items),
    ).toBeNull();
    expect(indicatorBanner('SURVEY_VISIT', r({ checklists: allMust }), items)).toBeNull();
  });

  it('counts a self assessment answered when marked complete or N/A, a survey when it has a compliance', () => {
    expect(isAnswered('PRESURVEY', r({ is_marked_complete: true }))).toBe(true);
    expect(isAnswered('PRESURVEY', r({ compliance: 'NOT_APPLICABLE' }))).toBe(true);
    expect(isAnswered('PRESURVEY', r({ checklists: { '1': { '1': true } } }))).toBe(false);
    expect(isAnswered('SURVEY_VISIT', r({ is_marked_complete: true }))).toBe(false);
    expect(isAnswered('SURVEY_VISIT', r({ compliance: 'NOT_MET' }))).toBe(true);
  });
});

describe('what a save sends', () => {
  const saved = r({ observation: 'old', checklists: { '1': { '1': true, '2': false }, '2': { '1': true } } });

  it('sends only the fields that differ from the saved response', () => {
    const edit = { fields: { observation: 'new', is_marked_complete: false }, ticks: {} };
    expect(savePayload(saved, edit)).toEqual({ set: { observation: 'new' }, checklists: null });
    expect(savePayload(saved, { fields: { observation: 'old' }, ticks: {} })).toBeNull();
  });

  it('sends a changed question whole, with the saved items of others kept', () => {
    const edit = { fields: {}, ticks: { '1': { '2': true } } };
    expect(savePayload(saved, edit)).toEqual({ set: {}, checklists: { '1': { '1': true, '2': true } } });
    // Another user's tick saved meanwhile (item 1 unticked) is kept: only item 2 is this user's.
    const newer = r({ checklists: { '1': { '1': false, '2': false } } });
    expect(savePayload(newer, edit)).toEqual({ set: {}, checklists: { '1': { '1': false, '2': true } } });
    expect(savePayload(saved, { fields: {}, ticks: { '2': { '1': true } } })).toBeNull();
  });

  it('keeps what was typed during a save, and drops what the save stored', () => {
    const sent = { fields: { observation: 'a' }, ticks: { '1': { '2': true } } };
    const current = combineEdits(sent, { fields: { observation: 'ab' }, ticks: { '2': { '1': false } } });
    expect(remainingEdit(current, sent)).toEqual({
      fields: { observation: 'ab' },
      ticks: { '2': { '1': false } },
    });
    expect(remainingEdit(sent, sent)).toEqual({ fields: {}, ticks: {} });
  });

  it('shows the saved response with the unsaved edit on top', () => {
    const shown = applyEdit(saved, { fields: { is_marked_complete: true }, ticks: { '1': { '2': true } } });
    expect(shown).toMatchObject({ is_marked_complete: true, observation: 'old' });
    expect(shown.checklists).toEqual({ '1': { '1': true, '2': true }, '2': { '1': true } });
  });

  it("stores a self assessment's 'Mark complete' as is_marked_complete with no compliance", () => {
    expect(selfAssessmentChoice('COMPLETE')).toEqual({ is_marked_complete: true, compliance: null });
    expect(selfAssessmentChoice('NOT_APPLICABLE')).toEqual({
      is_marked_complete: false,
      compliance: 'NOT_APPLICABLE',
    });
    expect(selfAssessmentChoice(null)).toEqual({ is_marked_complete: false, compliance: null });
    expect(selfAssessmentChoiceOf(r({ is_marked_complete: true }))).toBe('COMPLETE');
    expect(selfAssessmentChoiceOf(r({ compliance: 'NOT_APPLICABLE' }))).toBe('NOT_APPLICABLE');
    expect(selfAssessmentChoiceOf(r())).toBeNull();
  });
});

describe('transitions (spec 001 §4)', () => {
  it('submits a self assessment only from IN_PROGRESS, and completes it only from UNDER_REVIEW', () => {
    const from = (move: typeof SELF_ASSESSMENT_SUBMIT | typeof SELF_ASSESSMENT_COMPLETE) =>
      ASSESSMENT_STATUSES.filter((s) => canMove(move, 'PRESURVEY', s));
    expect(from(SELF_ASSESSMENT_SUBMIT)).toEqual(['IN_PROGRESS']);
    expect(from(SELF_ASSESSMENT_COMPLETE)).toEqual(['UNDER_REVIEW']);
    expect(canMove(SELF_ASSESSMENT_SUBMIT, 'SURVEY_VISIT', 'IN_PROGRESS')).toBe(false);
  });

  it('submits a survey visit from IN_PROGRESS or PARTIALLY_SUBMITTED, under review after the last visitor', () => {
    for (const move of [SURVEY_PART_SUBMIT, SURVEY_LAST_SUBMIT]) {
      expect(ASSESSMENT_STATUSES.filter((s) => canMove(move, 'SURVEY_VISIT', s))).toEqual([
        'IN_PROGRESS',
        'PARTIALLY_SUBMITTED',
      ]);
      expect(canMove(move, 'PRESURVEY', 'IN_PROGRESS')).toBe(false);
    }
    expect(surveySubmitMove(0).to).toBe('UNDER_REVIEW');
    expect(surveySubmitMove(2).to).toBe('PARTIALLY_SUBMITTED');
  });

  it('spec 001 §6: reopens anything but an in-progress assessment, a certified survey too', () => {
    expect(ASSESSMENT_STATUSES.filter((s) => canMove(ASSESSMENT_REOPEN, 'SURVEY_VISIT', s))).toEqual([
      'PARTIALLY_SUBMITTED',
      'UNDER_REVIEW',
      'ACTION_REQUIRED',
      'APPROVED',
      'CERTIFIED',
    ]);
    expect(canMove(ASSESSMENT_REOPEN, 'PRESURVEY', 'COMPLETED')).toBe(true);
  });
});

describe('comments and indicator files (spec 002 §2)', () => {
  const ctx = (
    access: TPracticeAccess,
    status: TAssessmentStatus,
    isAuthor: boolean,
    isSuperadmin = false,
  ) => ({
    type: 'PRESURVEY' as const,
    status,
    flags: derivePermissionFlags(access, { surveyVisitId: null }),
    hasSubmitted: false,
    isAuthor,
    isSuperadmin,
  });

  it("spec 001 §6: lets the author edit under the status rules, and a super admin anyone's on a self assessment", () => {
    expect(canEditComment(ctx(PM, 'IN_PROGRESS', true))).toBe(true);
    expect(canEditComment(ctx(PM, 'IN_PROGRESS', false))).toBe(false);
    expect(canEditComment(ctx(PM, 'UNDER_REVIEW', true))).toBe(false);
    expect(canEditComment(ctx(QAM, 'UNDER_REVIEW', false))).toBe(false);
    // The super-admin flag decides, not the provider-admin role.
    expect(canEditComment(ctx(ADMIN, 'UNDER_REVIEW', false))).toBe(false);
    expect(canEditComment(ctx(ADMIN, 'UNDER_REVIEW', false, true))).toBe(true);
    expect(canEditComment(ctx(QAM, 'UNDER_REVIEW', false, true))).toBe(true);
    expect(canEditComment({ ...ctx(ADMIN, 'UNDER_REVIEW', false, true), type: 'SURVEY_VISIT' })).toBe(false);
  });

  it('lets the uploader delete their file only while a self assessment is in progress', () => {
    expect(canDeleteIndicatorFile({ type: 'PRESURVEY', status: 'IN_PROGRESS', isUploader: true })).toBe(true);
    expect(canDeleteIndicatorFile({ type: 'PRESURVEY', status: 'IN_PROGRESS', isUploader: false })).toBe(
      false,
    );
    expect(canDeleteIndicatorFile({ type: 'PRESURVEY', status: 'UNDER_REVIEW', isUploader: true })).toBe(
      false,
    );
    expect(canDeleteIndicatorFile({ type: 'SURVEY_VISIT', status: 'IN_PROGRESS', isUploader: true })).toBe(
      false,
    );
  });
});
