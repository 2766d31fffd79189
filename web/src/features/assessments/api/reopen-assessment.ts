import { graphql } from '../../../lib/graphql/graphql.ts';

/** Reopen (spec 001 §4, a bulk tool) with its reason: one step back (see `reopenTarget`). */
export const ReopenAssessmentMutation = graphql(`
  mutation ReopenAssessment($assessmentId: Int!, $reason: String!) {
    reopenAssessment(assessmentId: $assessmentId, reason: $reason) {
      id
      status
      message
    }
  }
`);
