import { graphql } from '../../../lib/graphql/graphql.ts';
import { ResponseFieldsFragment } from '../../assessments/index.ts';

/** The assessment's responses, live: what others save appears without a reload (spec 001 §4). */
export const AssessmentResponsesSubscription = graphql(
  `
  subscription AssessmentResponses($assessmentId: Int!) {
    indicator_responses(where: { assessment_id: { _eq: $assessmentId } }) {
      ...ResponseFields
    }
  }
`,
  [ResponseFieldsFragment],
);
