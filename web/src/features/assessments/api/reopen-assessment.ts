import { graphql } from '../../../lib/graphql/graphql.ts';

/** Reopen (spec 001 §4, a bulk tool): the assessment goes back in progress. */
export const ReopenAssessmentMutation = graphql(`
  mutation ReopenAssessment($assessmentId: Int!) {
    reopenAssessment(assessmentId: $assessmentId) {
      id
      status
    }
  }
`);
