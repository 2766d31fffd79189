import { isAssessmentLocked, type TAssessmentAccessContext } from '../permissions/assessment-access.ts';
import { ASSESSMENT_MESSAGES } from './assessment-messages.ts';

/**
 * Why a row of the Assessments table cannot be opened (spec 001 §2, §6), or null when it can.
 * The same rule sends a user who opens a locked assessment by its address back to the tab.
 */
export function assessmentLockReason(context: Omit<TAssessmentAccessContext, 'hasSubmitted'>): string | null {
  if (!isAssessmentLocked(context)) return null;
  if (context.type === 'PRESURVEY') return ASSESSMENT_MESSAGES.lockedRow.selfUnderReview;
  return context.status === 'UNDER_REVIEW'
    ? ASSESSMENT_MESSAGES.lockedRow.surveyUnderReview
    : ASSESSMENT_MESSAGES.lockedRow.surveyInProgress;
}
