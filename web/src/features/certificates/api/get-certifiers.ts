import { graphql } from '../../../lib/graphql/graphql.ts';

/** The staff certifiers (active staff users) the Issue certificate modal offers as 'Certified by'. */
export const GetCertifiersQuery = graphql(`
  query GetCertifiers {
    certifiers {
      id
      name
    }
  }
`);
