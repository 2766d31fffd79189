import { z } from 'zod';
import {
  canChangeAssessmentInputs,
  type TAssessmentAccessContext,
  type TAssessmentStatus,
  type TAssessmentType,
} from '../permissions/assessment-access.ts';
import type { TAssessmentMove } from './assessment-transitions.ts';

/**
 * Approve (spec 001 §4, §5, §6): a survey visit UNDER_REVIEW or ACTION_REQUIRED becomes APPROVED,
 * refused while a NOT_MET indicator's non-conformity is OPEN and not referred to the CA.
 */
export const SURVEY_APPROVE = {
  types: ['SURVEY_VISIT'],
  from: ['UNDER_REVIEW', 'ACTION_REQUIRED'],
  to: 'APPROVED',
} as const satisfies TAssessmentMove;

/** The scheme's repeat-assessment rule: this share or more of the mandatory indicators NOT_MET. */
export const REPEAT_ASSESSMENT_THRESHOLD = 0.2;

/** What users read about review, approval, the review notification and reopening (ours; the spec gives none). */
export const REVIEW_MESSAGES = {
  approved: 'The assessment has been approved.',
  notApprovable: 'Only a survey visit under review or with action required can be approved.',
  openNonConformities: (codes: readonly string[]) =>
    `The assessment cannot be approved while these non-conformities are open and not referred to the CA: ${codes.join(', ')}.`,
  /**
   * Under review the practice has not acted on its findings yet, and no indicator may stay Not met
   * for accreditation: the way out is 'Action required' (docs/decisions/assessments.md, "Approve").
   */
  notMetUnderReview: (codes: readonly string[]) =>
    `The assessment cannot be approved while these indicators are Not met: ${codes.join(', ')}. Raise 'Action required' so that the practice acts on them; approve once each non-conformity is closed or referred to the CA.`,
  /** The Approve modal's words for the same case, above its list and its 'Raise Action required' button. */
  notMetUnderReviewIntro:
    "Accreditation needs every indicator met. Raise 'Action required' so that the practice acts on these Not met indicators; approve once each non-conformity is closed or referred to the CA. Each link opens its indicator.",
  raiseActionRequired: 'Raise Action required',
  repeatAssessment: (notMet: number, mandatory: number, percent: number) =>
    `${notMet} of ${mandatory} mandatory indicators (${percent} %) were not met at the survey: the scheme requires a repeat assessment.`,
  notifyTitle: 'Notify the practice',
  notified: (addresses: readonly string[]) => `The practice has been notified (${addresses.join(', ')}).`,
  noRecipients: 'The practice has no active practice manager or nominated contact to notify.',
  notifyNotAllowed:
    'Only the reviewers of a survey under review or with action required notify the practice.',
  /** The spec's fallback when a failed notification has no detail (spec 001 §8, with its trailing space). */
  notifyFailed: 'Error ',
  reasonRequired: 'Please give the reason for reopening.',
  reasonTooLong: 'Please keep the reason to 2,000 characters or fewer.',
} as const;

/** One response as approval reads it. */
export interface TApprovalResponse {
  indicatorId: number;
  code: string;
  mandatory: boolean;
  compliance: string | null;
  non_conformity_status: 'OPEN' | 'CLOSED' | null;
  refer_to_ca: boolean;
}

/** One reason approval is refused: a NOT_MET indicator whose non-conformity is OPEN and not referred. */
export interface TApproveProblem {
  indicatorId: number;
  code: string;
}

/** The NOT_MET indicators still OPEN and not referred to the CA (spec 001 §5), in the given order. */
export function approveProblems(responses: readonly TApprovalResponse[]): TApproveProblem[] {
  return responses
    .filter((r) => r.compliance === 'NOT_MET' && r.non_conformity_status !== 'CLOSED' && !r.refer_to_ca)
    .map((r) => ({ indicatorId: r.indicatorId, code: r.code }));
}

/** The counts behind the repeat-assessment rule, and its verdict. */
export interface TRepeatAssessment {
  mandatoryCount: number;
  mandatoryNotMet: number;
  /** Whole percent, rounded down (what is shown). */
  percent: number;
  required: boolean;
}

/** 20 % or more of the mandatory indicators NOT_MET; no mandatory indicator → false. */
export function repeatAssessmentRequired(counts: {
  mandatoryCount: number;
  mandatoryNotMet: number;
}): boolean {
  if (counts.mandatoryCount <= 0) return false;
  // Whole percents compared, so 1 of 5 is exactly 20 % with no floating-point doubt.
  return (
    counts.mandatoryNotMet * 100 >= counts.mandatoryCount * Math.round(REPEAT_ASSESSMENT_THRESHOLD * 100)
  );
}

/**
 * The repeat-assessment rule over the survey's findings (ours, recorded in
 * docs/decisions/assessments.md): every mandatory indicator of the edition counts, and those
 * rated NOT_MET, whatever their non-conformity became since (a closed NC was still not met at the
 * survey).
 */
export function repeatAssessmentOf(
  indicators: readonly { mandatory: boolean; compliance: string | null }[],
): TRepeatAssessment {
  const mandatory = indicators.filter((i) => i.mandatory);
  const mandatoryCount = mandatory.length;
  const mandatoryNotMet = mandatory.filter((i) => i.compliance === 'NOT_MET').length;
  return {
    mandatoryCount,
    mandatoryNotMet,
    percent: mandatoryCount === 0 ? 0 : Math.floor((mandatoryNotMet * 100) / mandatoryCount),
    required: repeatAssessmentRequired({ mandatoryCount, mandatoryNotMet }),
  };
}

/**
 * Reopen's target per type and status (spec 001 §4 names Reopen without its target; ours): one
 * step back. A survey being surveyed or under review goes back to its surveyors; one with action
 * required goes back under review (the action plan stays); an approved one goes back to the
 * status it was approved from (`approvedFrom`, read from its status history; UNDER_REVIEW if
 * unknown); a certified one goes back to APPROVED (its findings corrected, it is certified again,
 * superseding the certificate). A self assessment goes back in progress. IN_PROGRESS is not reopened.
 */
export function reopenTarget(
  type: TAssessmentType,
  status: TAssessmentStatus,
  approvedFrom?: TAssessmentStatus | null,
): TAssessmentStatus | null {
  if (type === 'PRESURVEY') {
    return status === 'UNDER_REVIEW' || status === 'COMPLETED' ? 'IN_PROGRESS' : null;
  }
  switch (status) {
    case 'PARTIALLY_SUBMITTED':
    case 'UNDER_REVIEW':
      return 'IN_PROGRESS';
    case 'ACTION_REQUIRED':
      return 'UNDER_REVIEW';
    case 'APPROVED':
      return approvedFrom === 'ACTION_REQUIRED' ? 'ACTION_REQUIRED' : 'UNDER_REVIEW';
    case 'CERTIFIED':
      return 'APPROVED';
    default:
      return null;
  }
}

/** Reopening withdraws the surveyors' submissions only when the assessment goes back to them. */
export function reopenWithdrawsSubmissions(target: TAssessmentStatus): boolean {
  return target === 'IN_PROGRESS';
}

export const REOPEN_REASON_MAX_LENGTH = 2000;

/** The Reopen modal's reason (1–2000 characters after trimming). */
export const ZReopenReasonSchema = z
  .string()
  .trim()
  .min(1, REVIEW_MESSAGES.reasonRequired)
  .max(REOPEN_REASON_MAX_LENGTH, REVIEW_MESSAGES.reasonTooLong);
export type TReopenReason = z.infer<typeof ZReopenReasonSchema>;

/**
 * The reviewer's checkboxes 'Reviewed' and 'Further action required' of an indicator: shown on a
 * self assessment under review or completed (spec 001 §6) and, ours, on a survey under
 * review or with action required; ticked by whoever may change the inputs and reviews that kind
 * of assessment (changeSelfAssessmentUnderReview / changeSurveyUnderReview).
 */
export function reviewMarks(context: TAssessmentAccessContext): { shown: boolean; editable: boolean } {
  const { type, status, flags } = context;
  const self = type === 'PRESURVEY';
  const shown = self
    ? status === 'UNDER_REVIEW' || status === 'COMPLETED'
    : status === 'UNDER_REVIEW' || status === 'ACTION_REQUIRED';
  const reviewer = self
    ? flags.assessment.changeSelfAssessmentUnderReview
    : flags.assessment.changeSurveyUnderReview;
  return { shown, editable: shown && reviewer && canChangeAssessmentInputs(context) };
}
