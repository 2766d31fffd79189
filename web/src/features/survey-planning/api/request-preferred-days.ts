import { graphql } from '../../../lib/graphql/graphql.ts';

/** Asks the offered surveyors for their preferred days. */
export const RequestPreferredDaysMutation = graphql(`
  mutation RequestPreferredDays($visitId: Int!) {
    requestPreferredDays(visitId: $visitId) {
      visitId
      status
      requestedAt
      message
    }
  }
`);
