import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The change signal of the visits to plan (decisions/dashboard.md): a live aggregate of them (how
 * many, and the latest change); the back office's lists are asked again when it moves.
 */
export const VisitsToPlanChangesSubscription = graphql(`
  subscription VisitsToPlanChanges($where: survey_visits_bool_exp!) {
    survey_visits_aggregate(where: $where) {
      aggregate {
        count
        max {
          updated_at
        }
      }
    }
  }
`);
