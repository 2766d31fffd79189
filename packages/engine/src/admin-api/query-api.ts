import type { AdminEndpoint } from './admin-endpoint.ts';

/**
 * `POST /v2/query`: the schema API types this engine answers (SUPPORT.md lists them); every other
 * type is refused with `not-supported` naming it.
 */
export const QUERY_API: AdminEndpoint = {
  path: '/v2/query',
  commands: {},
};
