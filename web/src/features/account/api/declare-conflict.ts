import { graphql } from '../../../lib/graphql/graphql.ts';

/** Declares a conflict of interest on the surveyor's own profile (action `declareConflict`). */
export const DeclareConflictMutation = graphql(`
  mutation DeclareConflict($practiceId: Int, $networkId: Int, $reason: String!, $fromDate: String, $toDate: String) {
    declareConflict(practiceId: $practiceId, networkId: $networkId, reason: $reason, fromDate: $fromDate, toDate: $toDate) {
      id
      message
    }
  }
`);
