import {
  STATUSES_OF_TYPE,
  type TAssessmentStatus,
  type TAssessmentType,
} from '../permissions/assessment-access.ts';

/** One allowed status change of an assessment: the statuses it may start from, and where it goes. */
export interface TAssessmentMove {
  types: readonly TAssessmentType[];
  from: readonly TAssessmentStatus[];
  to: TAssessmentStatus;
}

/** Submit for review: a self assessment in progress goes under review, once (spec 001 §4). */
export const SELF_ASSESSMENT_SUBMIT = {
  types: ['PRESURVEY'],
  from: ['IN_PROGRESS'],
  to: 'UNDER_REVIEW',
} as const satisfies TAssessmentMove;

/** 'Completed': the provider completes a self assessment under review (spec 001 §4). */
export const SELF_ASSESSMENT_COMPLETE = {
  types: ['PRESURVEY'],
  from: ['UNDER_REVIEW'],
  to: 'COMPLETED',
} as const satisfies TAssessmentMove;

/**
 * Submit a survey visit's findings (spec 001 §4): each accepted visitor submits their part, once.
 * While a visitor is left to submit, the assessment is PARTIALLY_SUBMITTED (this move); after the
 * last one, UNDER_REVIEW (`SURVEY_LAST_SUBMIT`). `surveySubmitMove` picks one.
 */
export const SURVEY_PART_SUBMIT = {
  types: ['SURVEY_VISIT'],
  from: ['IN_PROGRESS', 'PARTIALLY_SUBMITTED'],
  to: 'PARTIALLY_SUBMITTED',
} as const satisfies TAssessmentMove;

/** The last accepted visitor's submission: the survey visit assessment goes under review (spec 001 §4). */
export const SURVEY_LAST_SUBMIT = {
  types: ['SURVEY_VISIT'],
  from: ['IN_PROGRESS', 'PARTIALLY_SUBMITTED'],
  to: 'UNDER_REVIEW',
} as const satisfies TAssessmentMove;

/** The survey submit move once a visitor has submitted, by how many accepted visitors are left to. */
export function surveySubmitMove(
  visitorsLeft: number,
): typeof SURVEY_PART_SUBMIT | typeof SURVEY_LAST_SUBMIT {
  return visitorsLeft === 0 ? SURVEY_LAST_SUBMIT : SURVEY_PART_SUBMIT;
}

/**
 * 'Action required' (spec 001 §4): the review of a survey visit finds non-conformities; an action
 * plan is created and the practice has ACTION_PLAN_BUSINESS_DAYS to carry it out. Allowed only
 * when `actionRequiredProblems` is empty (spec 001 §5).
 */
export const SURVEY_ACTION_REQUIRED = {
  types: ['SURVEY_VISIT'],
  from: ['UNDER_REVIEW'],
  to: 'ACTION_REQUIRED',
} as const satisfies TAssessmentMove;

/**
 * Reopen (spec 001 §4 names it without its target; ours): the statuses it starts from, every later
 * status. Where each goes is `reopenTarget` (survey-approval.ts); `to` here is the furthest back it
 * ever goes. A bulk tool: special access or the bulk tools switch only, with a reason; a CERTIFIED
 * survey needs special access itself (`assessmentButtons`: spec 001 §6 lets its inputs change).
 */
export const ASSESSMENT_REOPEN = {
  types: ['PRESURVEY', 'SURVEY_VISIT'],
  from: ['PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 'COMPLETED', 'ACTION_REQUIRED', 'APPROVED', 'CERTIFIED'],
  to: 'IN_PROGRESS',
} as const satisfies TAssessmentMove;

/** May this move start from here (a status the type can be in)? */
export function canMove(move: TAssessmentMove, type: TAssessmentType, status: TAssessmentStatus): boolean {
  return move.types.includes(type) && STATUSES_OF_TYPE[type].includes(status) && move.from.includes(status);
}

/** Issue certificate: an approved survey visit becomes CERTIFIED (spec 001 §4), once. */
export const SURVEY_CERTIFY = {
  types: ['SURVEY_VISIT'],
  from: ['APPROVED'],
  to: 'CERTIFIED',
} as const satisfies TAssessmentMove;
