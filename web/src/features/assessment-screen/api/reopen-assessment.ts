import { graphql } from '../../../lib/graphql/graphql.ts';

/** Reopen (spec 001 §4, a bulk tool) with its reason: one step back (see `reopenTarget`). */
export const ReopenAssessmentMutation = graphql(`
  mutation ReopenAssessment($assessmentId: Int!, $reason: String!, $fromStatus: String) {
    reopenAssessment(assessmentId: $assessmentId, reason: $reason, fromStatus: $fromStatus) {
      id
      status
      message
    }
  }
`);
