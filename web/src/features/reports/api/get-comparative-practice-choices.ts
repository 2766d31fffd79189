import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The practices the back office may compare, by name (the comparative report's picker): up to 20
 * matching `search` (an `%…%` pattern), by name.
 */
export const GetComparativePracticeChoicesQuery = graphql(`
  query GetComparativePracticeChoices($search: String!) {
    practices(
      where: { organisation: { name: { _ilike: $search } } }
      order_by: { organisation: { name: asc } }
      limit: 20
    ) {
      organisation_id
      organisation {
        name
      }
    }
  }
`);
