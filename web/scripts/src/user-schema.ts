/**
 * The GraphQL schema the web app is typed against: what the engine serves to role `user` for the
 * project in hasura/, as sorted SDL. Shared by the writer (`npm run graphql:schema`, scripts/write-graphql-schema.ts) and the test
 * that fails when the checked-in copy is stale. Node only: never imported by the app.
 */
import path from 'node:path';
import type { THasuraRole } from '@portal/domain';
import { loadEngineCore } from '@portal/engine';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';

export const WEB_DIR = path.resolve(import.meta.dirname, '../..');
export const HASURA_DIR = path.resolve(WEB_DIR, '../hasura');
/** The checked-in SDL; gql.tada reads it through graphql-env.d.ts. */
export const SCHEMA_FILE = path.resolve(WEB_DIR, 'src/lib/graphql/schema.graphql');
/** What gql.tada makes of it (`gql.tada generate output`): the type `graphql()` infers results from. */
export const TADA_OUTPUT_FILE = path.resolve(WEB_DIR, 'src/lib/graphql/graphql-env.d.ts');
export const SCHEMA_ROLE = 'user';

/**
 * The roles the app's requests run as: it sends no `x-hasura-role`, so each request has its
 * token's default role, the most powerful of the user's (`deriveHasuraRoles`).
 */
export const APP_ROLES: readonly THasuraRole[] = ['user', 'qam', 'provider_admin'];

/** The schemas the engine builds for `roles` on a migrated database. */
export async function buildRoleSchemas(
  databaseUrl: string,
  roles: readonly string[],
): Promise<Map<string, GraphQLSchema>> {
  const core = await loadEngineCore({ projectDir: HASURA_DIR, databaseUrl, poolSize: 1 });
  try {
    return new Map(roles.map((role) => [role, core.schemaFor(role).schema]));
  } finally {
    await core.executor.close();
  }
}

/** The SDL of role `user`, built by the engine on a migrated database. */
export async function buildUserSchema(databaseUrl: string): Promise<string> {
  const schema = (await buildRoleSchemas(databaseUrl, [SCHEMA_ROLE])).get(SCHEMA_ROLE);
  if (!schema) throw new Error(`no schema for role ${SCHEMA_ROLE}`);
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
