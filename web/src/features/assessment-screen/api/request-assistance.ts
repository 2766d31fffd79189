import { graphql } from '../../../lib/graphql/graphql.ts';

/** Request Assistance (spec 001 §6, self assessment only): the practice's question goes to its QAM. */
export const RequestAssistanceMutation = graphql(`
  mutation RequestAssistance($assessmentId: Int!, $message: String!) {
    requestAssistance(assessmentId: $assessmentId, message: $message) {
      message
    }
  }
`);
