import { gql } from '@urql/core';

/** Confirms one visit whose confirmation form was sent (action `confirmSurveyVisit`): now RECEIVED. */
export const ConfirmSurveyVisitMutation = gql`
  mutation ConfirmSurveyVisit($practiceId: Int!, $visitId: Int!) {
    confirmSurveyVisit(practiceId: $practiceId, visitId: $visitId) {
      id
      confirmationFormStatus
      confirmedAt
      message
    }
  }
`;
