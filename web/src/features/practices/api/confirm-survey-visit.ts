import { graphql } from '../../../lib/graphql/graphql.ts';

/** Confirms one visit whose confirmation form was sent (action `confirmSurveyVisit`): now RECEIVED. */
export const ConfirmSurveyVisitMutation = graphql(`
  mutation ConfirmSurveyVisit($practiceId: Int!, $visitId: Int!) {
    confirmSurveyVisit(practiceId: $practiceId, visitId: $visitId) {
      id
      confirmationFormStatus
      confirmedAt
      message
    }
  }
`);
