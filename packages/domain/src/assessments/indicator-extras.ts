import {
  canChangeAssessment,
  type TAssessmentAccessContext,
  type TAssessmentStatus,
  type TAssessmentType,
} from '../permissions/assessment-access.ts';

/**
 * May the user edit or archive this comment (spec 002 §2, 001 §6)? Its author, while they may
 * change the assessment; a super admin (the user's `is_superadmin` flag, whatever their role) also
 * anyone's comment on a self assessment. The comments table's update rule says the same.
 */
export function canEditComment(
  context: TAssessmentAccessContext & { isAuthor: boolean; isSuperadmin: boolean },
): boolean {
  if (!canChangeAssessment(context)) return false;
  return context.isAuthor || (context.isSuperadmin && context.type === 'PRESURVEY');
}

/** Own files of an indicator are deletable only while a self assessment is IN_PROGRESS (spec 001 §6). */
export function canDeleteIndicatorFile(context: {
  type: TAssessmentType;
  status: TAssessmentStatus;
  isUploader: boolean;
}): boolean {
  return context.isUploader && context.type === 'PRESURVEY' && context.status === 'IN_PROGRESS';
}
