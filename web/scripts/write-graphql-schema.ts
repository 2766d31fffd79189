/**
 * Writes web/src/lib/graphql/schema.graphql (the engine's schema for role `user`) and the
 * gql.tada type of it, graphql-env.d.ts: a throwaway embedded PostgreSQL, every migration of
 * hasura/, then the engine builds the schema. Run after a migration or metadata change:
 *   npm run graphql:schema
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import { buildUserSchema, HASURA_DIR, SCHEMA_FILE } from './src/user-schema.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-schema-pg-'));
chmodSync(dataDir, 0o755);
const cluster = await startCluster({ dataDir: path.join(dataDir, 'data'), durable: false });
try {
  await createDatabase(cluster.url(), 'portal_schema');
  const databaseUrl = withDatabase(cluster.url(), 'portal_schema');
  await applyMigrations({ project: loadProject(HASURA_DIR), databaseUrl });
  writeFileSync(SCHEMA_FILE, await buildUserSchema(databaseUrl));
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
} finally {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
