import { graphql } from '../../../lib/graphql/graphql.ts';

/** Auto complete (spec 001 §4, a bulk tool): every unmarked indicator is marked complete. */
export const AutoCompleteAssessmentMutation = graphql(`
  mutation AutoCompleteAssessment($assessmentId: Int!) {
    autoCompleteAssessment(assessmentId: $assessmentId) {
      id
      updated
    }
  }
`);
