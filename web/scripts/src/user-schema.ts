/**
 * The GraphQL schema the web app is typed against: what the engine serves to role `user` for the
 * project in hasura/, as sorted SDL. Shared by the writer (`npm run graphql:schema`, scripts/write-graphql-schema.ts) and the test
 * that fails when the checked-in copy is stale. Node only: never imported by the app.
 */
import path from 'node:path';
import { loadEngineCore } from '@portal/engine';
import { lexicographicSortSchema, printSchema } from 'graphql';

export const WEB_DIR = path.resolve(import.meta.dirname, '../..');
export const HASURA_DIR = path.resolve(WEB_DIR, '../hasura');
/** The checked-in SDL; gql.tada reads it through graphql-env.d.ts. */
export const SCHEMA_FILE = path.resolve(WEB_DIR, 'src/lib/graphql/schema.graphql');
/** What gql.tada makes of it (`gql.tada generate output`): the type `graphql()` infers results from. */
export const TADA_OUTPUT_FILE = path.resolve(WEB_DIR, 'src/lib/graphql/graphql-env.d.ts');
export const SCHEMA_ROLE = 'user';

/** The SDL of role `user`, built by the engine on a migrated database. */
export async function buildUserSchema(databaseUrl: string): Promise<string> {
  const core = await loadEngineCore({ projectDir: HASURA_DIR, databaseUrl, poolSize: 1 });
  try {
    return `${printSchema(lexicographicSortSchema(core.schemaFor(SCHEMA_ROLE).schema))}\n`;
  } finally {
    await core.executor.close();
  }
}
