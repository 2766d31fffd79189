import { graphql } from '../../../lib/graphql/graphql.ts';

/** Creates a PLANNING visit of an open accreditation. */
export const CreateSurveyVisitMutation = graphql(`
  mutation CreateSurveyVisit($accreditationId: Int!, $type: String!, $reason: String!, $dueMonth: String!) {
    createSurveyVisit(accreditationId: $accreditationId, type: $type, reason: $reason, dueMonth: $dueMonth) {
      visitId
      status
      due
      message
    }
  }
`);
