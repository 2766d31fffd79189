import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The signed-in user's own active roles on the practice (who may act on a renewal or payment),
 * for the query's `$userId`. Unmasked, like DuePracticeFields.
 */
export const MyPracticeRoles = graphql(`
  fragment MyPracticeRoles on practices @_unmask {
    practice_users(where: { user_id: { _eq: $userId }, active: { _eq: true } }) {
      id
      role
    }
  }
`);
