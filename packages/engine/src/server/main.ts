import { parseArgs } from 'node:util';
import { createEngine, type Engine } from '../engine/create.ts';

/** Reads the HASURA_GRAPHQL_* environment (plus `--project DIR`) and starts the engine. */
export async function startFromEnv(
  argv: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Promise<Engine> {
  const { values } = parseArgs({
    args: argv,
    options: { project: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const databaseUrl = env.HASURA_GRAPHQL_DATABASE_URL;
  if (!databaseUrl) throw new Error('HASURA_GRAPHQL_DATABASE_URL is not set');
  const project = (values.project as string | undefined) ?? 'hasura';
  const port = Number(env.HASURA_GRAPHQL_SERVER_PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0)
    throw new Error(
      `HASURA_GRAPHQL_SERVER_PORT must be a port number, got '${env.HASURA_GRAPHQL_SERVER_PORT}'`,
    );
  const refetch = env.HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL;
  const num = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const engine = await createEngine({
    projectDir: env.HASURA_GRAPHQL_METADATA_DIR
      ? metadataProject(project, env.HASURA_GRAPHQL_METADATA_DIR)
      : project,
    databaseUrl,
    adminSecret: env.HASURA_GRAPHQL_ADMIN_SECRET,
    jwtSecret: env.HASURA_GRAPHQL_JWT_SECRET,
    unauthorizedRole: env.HASURA_GRAPHQL_UNAUTHORIZED_ROLE,
    enableConsole: env.HASURA_GRAPHQL_ENABLE_CONSOLE === 'true',
    refetchIntervalMs: refetch ? Number(refetch) : undefined,
    corsDomain: env.HASURA_GRAPHQL_CORS_DOMAIN,
    wsKeepaliveSeconds: num('HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE'),
    wsInitTimeoutSeconds: num('HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT'),
    liveBatchSize: num('HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_BATCH_SIZE'),
    maxBodyBytes: num('ENGINE_MAX_BODY_BYTES'),
    limits: {
      maxDepth: num('ENGINE_MAX_DEPTH'),
      maxNodes: num('ENGINE_MAX_NODES'),
      maxAliases: num('ENGINE_MAX_ALIASES'),
      maxBatch: num('ENGINE_MAX_BATCH'),
      maxSocketOperations: num('ENGINE_WS_MAX_OPERATIONS'),
      timeSeconds: num('ENGINE_TIME_LIMIT_SECONDS'),
      introspectionBudget: num('ENGINE_INTROSPECTION_BUDGET'),
      maxCost: num('ENGINE_MAX_COST'),
      costListRows: num('ENGINE_COST_LIST_ROWS'),
      userStatements: num('ENGINE_USER_STATEMENTS'),
    },
    allowInconsistentMetadata: env.ENGINE_ALLOW_INCONSISTENT_METADATA === 'true',
    env,
  });
  // Loopback unless told otherwise, like every other service of the stack.
  const host = env.HASURA_GRAPHQL_SERVER_HOST || env.HOST || '127.0.0.1';
  const bound = await engine.listen(port, host);
  console.log(`engine: serving ${project} on http://${host}:${bound}/v1/graphql`);
  return engine;
}

import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** HASURA_GRAPHQL_METADATA_DIR points at a metadata folder directly: wrap it as a project. */
function metadataProject(_project: string, metadataDir: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'engine-project-'));
  symlinkSync(path.resolve(metadataDir), path.join(dir, 'metadata'));
  writeFileSync(path.join(dir, 'config.yaml'), 'version: 3\nmetadata_directory: metadata\n');
  return dir;
}

const isMain = process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`;
if (isMain) {
  startFromEnv().then(
    (engine) => {
      const stop = () => {
        // Open sockets or a database that does not answer must not hold the process.
        setTimeout(() => process.exit(0), 3000).unref();
        void engine.close().then(() => process.exit(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error: Error) => {
      console.error(`engine: ${error.message}`);
      process.exit(1);
    },
  );
}
