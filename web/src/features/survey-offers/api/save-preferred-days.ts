import { graphql } from '../../../lib/graphql/graphql.ts';

/** Replaces the surveyor's whole set of days for the visit (action `savePreferredDays`). */
export const SavePreferredDaysMutation = graphql(`
  mutation SavePreferredDays($visitId: Int!, $days: [PreferredDayInput!]!) {
    savePreferredDays(visitId: $visitId, days: $days) {
      visitId
      count
      message
    }
  }
`);
