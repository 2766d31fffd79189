import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The back office's change signal (decisions/dashboard.md): a live aggregate of the assessments
 * its queues list (how many, and the latest change). A GraphQL subscription selects one root
 * field, so the back office's lists are a query, asked again when this answer moves: an
 * assessment entering or leaving a list changes the count, one changing its status the latest
 * `updated_at`. The visits to plan have their own signal (`subscribe-visits-to-plan-changes.ts`).
 */
export const BackOfficeChangesSubscription = graphql(`
  subscription BackOfficeChanges($where: assessments_bool_exp!) {
    assessments_aggregate(where: $where) {
      aggregate {
        count
        max {
          updated_at
        }
      }
    }
  }
`);
