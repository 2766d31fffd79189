import { HasuraError } from '../errors.ts';
import type { AdminCommand, AdminEndpoint } from './admin-endpoint.ts';
import { parseRunSqlArgs, runSql } from './query-run-sql.ts';

/**
 * `run_sql` (Hasura's RunSQL): raw SQL on the source, answered as `{result_type, result}`. Its
 * args are parsed with the body, so their errors are at `<path>.args` on both endpoints; where a
 * failed run is reported differs, as in Hasura: /v1/query runs every type under `args` (`$.args`,
 * in a bulk `$.args[i].args`), /v2/query does not (`$`, in a bulk `$[i]`).
 */
const runSqlAt =
  (runPath: (path: string) => string): AdminCommand =>
  async (args, { core, session, path }) =>
    runSql(core, session, parseRunSqlArgs(args, `${path}.args`), runPath(path));

/**
 * `POST /v2/query`: the schema API types this engine answers (SUPPORT.md lists them); every other
 * type is refused with `not-supported` naming it. `bulk` (the dispatcher's) runs its items in
 * order, each run_sql in its own transaction, and stops at the first error: the items before it
 * stay done, as in Hasura.
 */
export const QUERY_API: AdminEndpoint = {
  path: '/v2/query',
  commands: { run_sql: runSqlAt((path) => path.replaceAll('.args[', '[')) },
  placesErrors: true,
};

/**
 * `POST /v1/query`: Hasura's schema/metadata API, deprecated since v2.0 for `/v1/metadata` and
 * `/v2/query`. Hasura still answers `run_sql` there exactly as on `/v2/query`, so it is forwarded
 * to the same implementation (and `bulk` of it); every other type is refused naming the newer
 * endpoints.
 */
export const V1_QUERY_API: AdminEndpoint = {
  path: '/v1/query',
  commands: { run_sql: runSqlAt((path) => `${path}.args`) },
  placesErrors: true,
  refuse: (type, path) =>
    new HasuraError(
      'not-supported',
      `the /v1/query type "${type}" is not supported by this engine: /v1/query is Hasura's deprecated schema/metadata API; use /v1/metadata for metadata types and /v2/query for run_sql (see SUPPORT.md)`,
      path,
    ),
};
