import { graphql } from '../../../lib/graphql/graphql.ts';

/** Forgets (and revokes) the caller's webinar tokens. */
export const DisconnectWebinarsMutation = graphql(`
  mutation DisconnectWebinars {
    disconnectWebinars {
      connected
    }
  }
`);
