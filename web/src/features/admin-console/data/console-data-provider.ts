import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import buildGraphQLProvider, { type GraphqlDataProvider } from 'ra-data-graphql';
import { buildHasuraQuery, HASURA_OPERATION_NAMES } from './hasura-dialect.ts';

/**
 * The console's react-admin data provider: ra-data-graphql (introspection, the Apollo client)
 * with the Hasura dialect, talking only to the console endpoint (POST /api/admin-console/graphql),
 * which runs it as the console's role for an active provider admin. `fetch` carries the user's own token.
 */
export function createConsoleDataProvider(options: {
  endpoint: string;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
}): GraphqlDataProvider {
  const client = new ApolloClient({
    link: new HttpLink({
      uri: options.endpoint,
      fetch: (input, init) => options.fetch(String(input), init),
    }),
    // Every read goes to the server (react-admin keeps its own cache). __typename stays on: the
    // introspection query's fragments only match with it.
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'network-only' }, watchQuery: { fetchPolicy: 'network-only' } },
  });
  return buildGraphQLProvider({
    client,
    buildQuery: buildHasuraQuery,
    introspection: { operationNames: HASURA_OPERATION_NAMES },
  });
}
