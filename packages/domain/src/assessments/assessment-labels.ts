import type { TAssessmentStatus, TAssessmentType } from '../permissions/assessment-access.ts';

/** Survey visit types (enum table `visit_type`); ACCREDITATION shows as Survey (spec 001 §1). */
export const VISIT_TYPES = ['ACCREDITATION', 'SURVEILLANCE', 'RELOCATION', 'GAP'] as const;
export type TVisitType = (typeof VISIT_TYPES)[number];

export const VISIT_TYPE_LABELS: Record<TVisitType, string> = {
  ACCREDITATION: 'Survey',
  SURVEILLANCE: 'Surveillance',
  RELOCATION: 'Relocation',
  GAP: 'Gap',
};

/** What the Assessments table and the screen's header call an assessment. */
export function assessmentTypeLabel(type: TAssessmentType, visitType?: string | null): string {
  if (type === 'PRESURVEY') return 'Self Assessment';
  return VISIT_TYPE_LABELS[visitType as TVisitType] ?? 'Survey';
}

/** The three badges statuses show as (spec 001 §2). */
export type TStatusBadge = 'in progress' | 'under review' | 'complete';

/** IN_PROGRESS and PARTIALLY_SUBMITTED: 'in progress'; UNDER_REVIEW: 'under review'; the rest 'complete'. */
export function assessmentStatusBadge(status: TAssessmentStatus): TStatusBadge {
  switch (status) {
    case 'IN_PROGRESS':
    case 'PARTIALLY_SUBMITTED':
      return 'in progress';
    case 'UNDER_REVIEW':
      return 'under review';
    default:
      return 'complete';
  }
}

/** The action plan badge: only a survey visit whose plan exists (action required, approved, certified). */
export function actionPlanBadge(
  type: TAssessmentType,
  status: TAssessmentStatus,
): 'action required' | 'approved' | 'certified' | null {
  if (type !== 'SURVEY_VISIT') return null;
  if (status === 'ACTION_REQUIRED') return 'action required';
  if (status === 'APPROVED') return 'approved';
  if (status === 'CERTIFIED') return 'certified';
  return null;
}

/** Compliance values (spec 001 §9); COMPLETE is a self assessment's 'Mark complete' (is_marked_complete). */
export const COMPLIANCE_VALUES = ['MET', 'NOT_MET', 'NOT_APPLICABLE', 'COMPLETE'] as const;
export type TCompliance = (typeof COMPLIANCE_VALUES)[number];
/** The stored compliance column (enum table `compliance`). */
export type TStoredCompliance = Exclude<TCompliance, 'COMPLETE'>;

export const COMPLIANCE_LABELS: Record<TCompliance, string> = {
  MET: 'Met',
  NOT_MET: 'Not met',
  NOT_APPLICABLE: 'Not applicable',
  COMPLETE: 'Marked complete',
};

/** The self assessment's two choices, with the spec's words. */
export const SELF_ASSESSMENT_CHOICES = [
  { value: 'COMPLETE', label: 'Mark complete' },
  { value: 'NOT_APPLICABLE', label: 'Not applicable' },
] as const;
