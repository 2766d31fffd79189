import { graphql } from '../../../lib/graphql/graphql.ts';

/** Sends the practice the survey confirmation of a final visit. */
export const SendSurveyConfirmationMutation = graphql(`
  mutation SendSurveyConfirmation($visitId: Int!, $template: String) {
    sendSurveyConfirmation(visitId: $visitId, template: $template) {
      visitId
      confirmationFormStatus
      recipients
      message
    }
  }
`);
