import { graphql } from '../../../lib/graphql/graphql.ts';

/** Practices and networks to declare a conflict with (at most 20, names and suburbs only). */
export const SearchConflictSubjectsQuery = graphql(`
  query SearchConflictSubjects($search: String!) {
    searchConflictSubjects(search: $search) {
      kind
      id
      name
      suburb
    }
  }
`);
