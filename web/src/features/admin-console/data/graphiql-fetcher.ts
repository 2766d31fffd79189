import { type ExecutionResult, GraphQLError, Kind, parse } from 'graphql';
import { type ConsoleFetch, postConsoleJson, refusalMessage } from './console-request.ts';

/** What GraphiQL hands its fetcher (graphiql's FetcherParams, the parts the endpoint takes). */
export interface GraphiQLParams {
  query: string;
  operationName?: string | null;
  variables?: unknown;
}

/**
 * GraphiQL's fetcher in the console: each request goes to the console endpoint (POST
 * /api/admin-console/graphql) with the user's bearer token, as the console's role. Only the query, its
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
      operationName: operationNameFor(params.query, params.operationName),
    });
    const body = answer.body;
    // The engine's GraphQL answer, passed on by the endpoint: GraphiQL shows it as it is.
    if (body && typeof body === 'object' && ('data' in body || 'errors' in body))
      return body as ExecutionResult;
    return { errors: [new GraphQLError(refusalMessage(answer.status, answer.body))] };
  };
}

/**
 * The operation name to send. GraphiQL reads it from the editor's text a moment after each edit,
 * so Execute right after pasting a query may carry the name of the operation the editor held
 * before: with a document of one operation that no longer bears that name, the name is dropped
 * (the engine runs the one operation). Otherwise it is sent as given, and the engine judges it.
 */
export function operationNameFor(
  query: string,
  operationName: string | null | undefined,
): string | undefined {
  if (!operationName) return undefined;
  let names: Array<string | undefined>;
  try {
    names = parse(query)
      .definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION)
      .map((operation) => operation.name?.value);
  } catch {
    return operationName;
  }
  return names.length === 1 && names[0] !== operationName ? undefined : operationName;
}
