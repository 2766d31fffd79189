import { graphql } from '../../../lib/graphql/graphql.ts';

/** The smallest question to the server: does it answer again? (an offline screen's probe) */
export const ConnectionProbeQuery = graphql(`
  query ConnectionProbe {
    __typename
  }
`);
