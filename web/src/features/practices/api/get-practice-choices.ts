import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The choice lists of the practice form (add, details and reapplication; GetPracticeDetails asks
 * for the same root fields). Root fields, not a fragment on `query_root`: graphcache keys the root
 * as `Query` and would skip it.
 */
export const GetPracticeChoicesQuery = graphql(`
  query GetPracticeChoices {
    practice_type(order_by: { comment: asc }) {
      value
      comment
    }
    mmm_classification(order_by: { value: asc }) {
      value
      comment
    }
    organisation_structure(order_by: { comment: asc }) {
      value
      comment
    }
    australian_state(order_by: { value: asc }) {
      value
      comment
    }
  }
`);
