import { graphql } from '../../../lib/graphql/graphql.ts';
import { ResponseFieldsFragment } from '../../assessments/index.ts';

/** The assessment's responses as the server holds them now: replay compares each queued field with them. */
export const GetResponsesQuery = graphql(
  `
  query GetResponses($assessmentId: Int!) {
    indicator_responses(where: { assessment_id: { _eq: $assessmentId } }) {
      ...ResponseFields
    }
  }
`,
  [ResponseFieldsFragment],
);
