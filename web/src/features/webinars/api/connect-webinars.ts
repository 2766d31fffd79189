import { graphql } from '../../../lib/graphql/graphql.ts';

/** The callback's code and state, exchanged server-side for the caller's tokens. */
export const ConnectWebinarsMutation = graphql(`
  mutation ConnectWebinars($code: String!, $state: String!) {
    connectWebinars(code: $code, state: $state) {
      connected
    }
  }
`);
