import { graphql } from '../../../lib/graphql/graphql.ts';

/** Auto clear (spec 001 §4, a bulk tool): every response is blanked. */
export const AutoClearAssessmentMutation = graphql(`
  mutation AutoClearAssessment($assessmentId: Int!) {
    autoClearAssessment(assessmentId: $assessmentId) {
      id
      updated
    }
  }
`);
