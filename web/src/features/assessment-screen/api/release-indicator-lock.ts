import { graphql } from '../../../lib/graphql/graphql.ts';

/** The user is done editing an indicator: their lock on it goes (only their own: the permission says so). */
export const ReleaseIndicatorLockMutation = graphql(`
  mutation ReleaseIndicatorLock($responseId: Int!) {
    delete_indicator_locks(where: { indicator_response_id: { _eq: $responseId } }) {
      affected_rows
    }
  }
`);
