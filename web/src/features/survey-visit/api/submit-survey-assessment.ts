import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * A surveyor submits the survey visit for review (spec 001 §7 POST web.assessment/{id}/submit/)
 * with the Submit for review form; the server re-checks the validation and refuses with the list.
 */
export const SubmitSurveyAssessmentMutation = graphql(`
  mutation SubmitSurveyAssessment(
    $assessmentId: Int!
    $actualStartTime: String!
    $actualEndTime: String!
    $hoursWorkedBeforeVisit: String!
    $hoursWorkedAfterVisit: String!
    $hoursWorkedConfirmed: Boolean!
  ) {
    submitSurveyAssessment(
      assessmentId: $assessmentId
      actualStartTime: $actualStartTime
      actualEndTime: $actualEndTime
      hoursWorkedBeforeVisit: $hoursWorkedBeforeVisit
      hoursWorkedAfterVisit: $hoursWorkedAfterVisit
      hoursWorkedConfirmed: $hoursWorkedConfirmed
    ) {
      id
      status
      message
    }
  }
`);
