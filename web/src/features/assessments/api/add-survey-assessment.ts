import { graphql } from '../../../lib/graphql/graphql.ts';

/** Add assessment (spec 001 §2, §5): the survey visit assessment of a visit of the practice. */
export const AddSurveyAssessmentMutation = graphql(`
  mutation AddSurveyAssessment(
    $practiceId: Int!
    $surveyVisitId: Int!
    $visitDate: String
    $visitType: String
    $copyTicks: Boolean
  ) {
    addSurveyAssessment(
      practiceId: $practiceId
      surveyVisitId: $surveyVisitId
      visitDate: $visitDate
      visitType: $visitType
      copyTicks: $copyTicks
    ) {
      id
      message
    }
  }
`);
