import { graphql } from '../../../lib/graphql/graphql.ts';

/** Approve (spec 001 §4, §5): a survey visit under review or with action required becomes APPROVED. */
export const ApproveSurveyAssessmentMutation = graphql(`
  mutation ApproveSurveyAssessment($assessmentId: Int!) {
    approveSurveyAssessment(assessmentId: $assessmentId) {
      id
      status
      message
      repeatAssessmentRequired
    }
  }
`);
