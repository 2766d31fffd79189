import { type ExecutionResult, GraphQLError } from 'graphql';
import { type ConsoleFetch, postConsoleJson, refusalMessage } from './console-request.ts';

/** What GraphiQL hands its fetcher (graphiql's FetcherParams, the parts the endpoint takes). */
export interface GraphiQLParams {
  query: string;
  operationName?: string | null;
  variables?: unknown;
}

/**
 * GraphiQL's fetcher in the console: each request goes to the console endpoint (POST
 * /api/admin-console/graphql) with the user's bearer token, as Hasura's admin. Only the query, its
 * variables and operation name are sent (the endpoint takes nothing else). A refusal of the
 * endpoint (a subscription, a secret, a limit, a demoted admin) becomes a GraphQL error, so
 * GraphiQL shows it in words in its result pane instead of waiting.
 */
export function createGraphiQLFetcher(endpoint: string, fetch: ConsoleFetch) {
  return async (params: GraphiQLParams): Promise<ExecutionResult> => {
    const variables =
      params.variables && typeof params.variables === 'object' && !Array.isArray(params.variables)
        ? params.variables
        : undefined;
    const answer = await postConsoleJson(fetch, endpoint, {
      query: params.query,
      variables,
      operationName: params.operationName || undefined,
    });
    const body = answer.body;
    // The engine's GraphQL answer, passed on by the endpoint: GraphiQL shows it as it is.
    if (body && typeof body === 'object' && ('data' in body || 'errors' in body))
      return body as ExecutionResult;
    return { errors: [new GraphQLError(refusalMessage(answer.status, answer.body))] };
  };
}
