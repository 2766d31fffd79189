import type { TPermissionFlags } from '@portal/domain';
import { gql } from '@urql/core';

/** The signed-in user's permission flags on one practice (action `userPermissions`, spec 000 §6). */
export const GetUserPermissionsQuery = gql`
  query GetUserPermissions($practiceId: Int!) {
    userPermissions(practiceId: $practiceId) {
      practiceId
      practiceRoles
      assessment {
        changeSelfAssessmentUnderReview
        changeSelfAssessmentComplete
        changeSurveyInProgress
        changeSurveyUnderReview
        viewSurveyUnderReview
        changeActionPlan
        changeOtherSurveyorSummary
        certifySurvey
      }
      indicatorResponse {
        addActivityToSurveyActionPlan
      }
      practiceStaff {
        viewStaff
        changeStaff
        verifyStaff
        inviteStaff
      }
      practice {
        changePractice
      }
    }
  }
`;

export interface TGetUserPermissionsResult {
  userPermissions: TPermissionFlags & { practiceId: number; practiceRoles: string[] };
}
