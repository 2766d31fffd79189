import { graphql } from '../../../lib/graphql/graphql.ts';

/** Who is editing which indicator of the assessment, live (spec 001 §7 subIndicatorLock). */
export const IndicatorLocksSubscription = graphql(`
  subscription IndicatorLocks($assessmentId: Int!) {
    indicator_locks(where: { assessment_id: { _eq: $assessmentId } }) {
      id
      indicator_response_id
      user_id
      fields
      user {
        id
        first_name
        last_name
      }
    }
  }
`);
