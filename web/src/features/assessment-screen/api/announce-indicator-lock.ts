import { graphql } from '../../../lib/graphql/graphql.ts';

/** Tells others this user is editing an indicator (spec 001 §7 POST web.indicatorlock/); renews a held lock. */
export const AnnounceIndicatorLockMutation = graphql(`
  mutation AnnounceIndicatorLock($assessmentId: Int!, $responseId: Int!) {
    insert_indicator_locks_one(
      object: { assessment_id: $assessmentId, indicator_response_id: $responseId, fields: [] }
      on_conflict: { constraint: indicator_locks_indicator_response_id_user_id_key, update_columns: [fields] }
    ) {
      id
    }
  }
`);
