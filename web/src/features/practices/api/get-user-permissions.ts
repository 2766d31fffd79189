import { useQuery } from 'urql';
import { graphql } from '../../../lib/graphql/graphql.ts';

/** The signed-in user's permission flags on one practice (action `userPermissions`, spec 000 §6). */
export const GetUserPermissionsQuery = graphql(`
  query GetUserPermissions($practiceId: Int!) {
    userPermissions(practiceId: $practiceId) {
      practiceId
      practiceRoles
      backOfficeRole
      visitorOnSurveyVisitIds
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
`);

/**
 * The user's flags on one practice, always from the server (a role may have changed since the
 * last visit). `pause` waits for a valid id.
 */
export function useUserPermissions(practiceId: number, pause = false) {
  return useQuery({
    query: GetUserPermissionsQuery,
    variables: { practiceId },
    pause,
    requestPolicy: 'network-only',
  });
}
