import {
  derivePermissionFlags,
  type TAssessmentAccessContext,
  type TAssessmentStatus,
  type TAssessmentType,
} from '@portal/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { usePracticeContext } from '../../practices/index.ts';
import { usePublicConfig } from './use-public-config.ts';

/** What the access rules need to know of an assessment. */
export interface TAssessmentRef {
  type: TAssessmentType;
  status: TAssessmentStatus;
  survey_visit_id: number | null;
  assessment_submissions: ReadonlyArray<{ user_id: number }>;
  /** Set once the assessment moved to a newer edition: read-only from then on. */
  moved_to_assessment_id?: number | null;
}

export type TAssessmentAccess = TAssessmentAccessContext & {
  isSurveyVisitor: boolean;
  bulkToolsEnabled: boolean;
  hasSpecialAccess: boolean;
  isProviderAdmin: boolean;
  /** The user's super-admin flag (spec 001 §6: a super admin edits self assessment comments). */
  isSuperadmin: boolean;
  userId: number;
};

/** The flags of one user on one assessment (scoped to its survey visit), for the domain's rules. */
export function assessmentAccessOf(
  assessment: TAssessmentRef,
  access: ReturnType<typeof usePracticeContext>['access'],
  user: { id: number; hasSpecialAccess: boolean; isSuperadmin: boolean },
  bulkToolsSwitch: boolean,
): TAssessmentAccess {
  const surveyVisitId = assessment.type === 'PRESURVEY' ? null : assessment.survey_visit_id;
  return {
    type: assessment.type,
    status: assessment.status,
    flags: derivePermissionFlags(access, { surveyVisitId }),
    hasSubmitted: assessment.assessment_submissions.some((s) => s.user_id === user.id),
    moved: Boolean(assessment.moved_to_assessment_id),
    isSurveyVisitor: surveyVisitId !== null && access.visitorOnSurveyVisitIds.includes(surveyVisitId),
    bulkToolsEnabled: user.hasSpecialAccess || bulkToolsSwitch,
    hasSpecialAccess: user.hasSpecialAccess,
    isProviderAdmin: access.backOfficeRole === 'provider_admin',
    isSuperadmin: user.isSuperadmin,
    userId: user.id,
  };
}

/** A function that gives the access context of any assessment of the open practice. */
export function useAssessmentAccess(): (assessment: TAssessmentRef) => TAssessmentAccess {
  const { access } = usePracticeContext();
  const user = useCurrentUser();
  const config = usePublicConfig();
  return useMemo(() => {
    const who = {
      id: user.id,
      hasSpecialAccess: user.flags.hasSpecialAccess,
      isSuperadmin: user.flags.superadmin,
    };
    return (assessment) => assessmentAccessOf(assessment, access, who, config?.bulkTools ?? false);
  }, [access, user.id, user.flags.hasSpecialAccess, user.flags.superadmin, config?.bulkTools]);
}
