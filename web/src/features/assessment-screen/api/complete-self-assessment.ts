import { graphql } from '../../../lib/graphql/graphql.ts';

/** 'Completed' (spec 001 §4): the provider completes a self assessment under review. */
export const CompleteSelfAssessmentMutation = graphql(`
  mutation CompleteSelfAssessment($assessmentId: Int!) {
    completeSelfAssessment(assessmentId: $assessmentId) {
      id
      status
      message
    }
  }
`);
