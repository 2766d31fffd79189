import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The screen opens (spec 001 §2): the user's own indicator locks are released, and every indicator
 * gets a response the user can save to (when they may write).
 */
export const OpenAssessmentMutation = graphql(`
  mutation OpenAssessment($assessmentId: Int!) {
    openAssessment(assessmentId: $assessmentId) {
      id
      releasedLocks
      createdResponses
    }
  }
`);
