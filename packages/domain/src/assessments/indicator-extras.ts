import {
  canChangeAssessment,
  type TAssessmentAccessContext,
  type TAssessmentStatus,
  type TAssessmentType,
} from '../permissions/assessment-access.ts';

/**
 * May the user edit or archive this comment (spec 002 §2)? Its author, while they may change the
 * assessment; a provider admin also anyone's comment on a self assessment (the spec's "super
 * admin"; docs/decisions/assessments.md). The comments table's update rule says the same.
 */
export function canEditComment(
  context: TAssessmentAccessContext & { isAuthor: boolean; isProviderAdmin: boolean },
): boolean {
  if (!canChangeAssessment(context)) return false;
  return context.isAuthor || (context.isProviderAdmin && context.type === 'PRESURVEY');
}

/** Own files of an indicator are deletable only while a self assessment is IN_PROGRESS (spec 001 §6). */
export function canDeleteIndicatorFile(context: {
  type: TAssessmentType;
  status: TAssessmentStatus;
  isUploader: boolean;
}): boolean {
  return context.isUploader && context.type === 'PRESURVEY' && context.status === 'IN_PROGRESS';
}
