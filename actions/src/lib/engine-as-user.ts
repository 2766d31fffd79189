import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/** Who asks the engine: its URL and the caller's own headers (Authorization, and x-hasura-role when given). */
export interface EngineCaller {
  graphqlUrl: string;
  headers: Record<string, string>;
}

/**
 * The engine, asked AS THE CALLER of a REST route: their bearer token and their x-hasura-role,
 * so the GraphQL permissions decide what they read, exactly as in the app.
 */
export function engineCallerOf(request: FastifyRequest, graphqlUrl: string): EngineCaller {
  const headers: Record<string, string> = { authorization: request.headers.authorization ?? '' };
  const role = request.headers['x-hasura-role'];
  if (typeof role === 'string' && role) headers['x-hasura-role'] = role;
  return { graphqlUrl, headers };
}

/** One GraphQL request as the caller; a refused token is `token_not_valid`, a refused role `forbidden`. */
export async function queryAsUser<T>(
  caller: EngineCaller,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(caller.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...caller.headers },
      body: JSON.stringify({ query, variables }),
    });
  } catch (error) {
    throw new AppError('internal', { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as {
    data?: T;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
  if (body.errors?.length || !body.data) {
    const code = body.errors?.[0]?.extensions?.code;
    if (code === 'invalid-jwt' || code === 'invalid-headers' || response.status === 401) {
      throw new AppError('token_not_valid');
    }
    if (code === 'access-denied') throw new AppError('forbidden');
    throw new AppError('internal', { cause: new Error(JSON.stringify(body.errors ?? body)) });
  }
  return body.data;
}
