import { graphql } from '../../../lib/graphql/graphql.ts';

/** Submit for review (spec 001 §4): a self assessment in progress goes under review, once. */
export const SubmitSelfAssessmentMutation = graphql(`
  mutation SubmitSelfAssessment($assessmentId: Int!) {
    submitSelfAssessment(assessmentId: $assessmentId) {
      id
      status
      message
    }
  }
`);
