/**
 * Starting an engine core: the project and its metadata read, checked against the database, and
 * the executor, authenticator and limits made from them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveMetadata } from '../admin-api/metadata-inconsistency.ts';
import { Authenticator } from '../auth/authenticate.ts';
import { Executor } from '../exec/executor.ts';
import { loadMetadataDirectory } from '../metadata/load.ts';
import { connectionSettings, readDatabase } from '../metadata/load-model.ts';
import { buildModel } from '../metadata/model.ts';
import { loadProject } from '../project/project.ts';
import { ApiLimits, type ApiLimitsMetadata } from './api-limits.ts';
import { EngineCore } from './engine.ts';
import type { EngineOptions } from './options.ts';

/**
 * Loads the project, checks metadata against the database and prepares the engine core. Strict
 * by default (any problem stops the start); with `allowInconsistentMetadata` the inconsistent
 * objects are left out and reported instead.
 */
export async function loadEngineCore(options: EngineOptions): Promise<EngineCore> {
  const project = loadProject(options.projectDir);
  const metadataDir = project.metadataDir;
  if (!existsSync(path.join(metadataDir, 'version.yaml')))
    throw new Error(`no Hasura metadata in ${metadataDir}`);
  const raw = loadMetadataDirectory(metadataDir);
  const database = await readDatabase(raw, options.databaseUrl);
  const resolved = options.allowInconsistentMetadata
    ? resolveMetadata(raw, database)
    : { model: buildModel(raw, database.catalogs, database.enumRows), served: raw, inconsistent: [] };
  const { model } = resolved;
  const connection = connectionSettings(raw);
  const jwt = typeof options.jwtSecret === 'string' ? JSON.parse(options.jwtSecret) : options.jwtSecret;
  const auth = new Authenticator({
    adminSecret: options.adminSecret || undefined,
    jwt,
    unauthorizedRole: options.unauthorizedRole || undefined,
  });
  const limits = new ApiLimits((resolved.served.api_limits ?? {}) as ApiLimitsMetadata, options.limits);
  const poolSize = options.poolSize ?? connection.maxConnections ?? 20;
  const userStatements = limits.userStatements();
  return new EngineCore(
    model,
    new Executor(
      options.databaseUrl,
      poolSize,
      connection.isolation,
      limits.statementTimeoutMs(),
      // One user never holds more than half the pool, however small it is.
      userStatements === undefined
        ? undefined
        : Math.min(userStatements, Math.max(1, Math.floor(poolSize / 2))),
    ),
    auth,
    options,
    limits,
    {
      dir: metadataDir,
      raw,
      served: resolved.served,
      inconsistent: resolved.inconsistent,
      resourceVersion: 1,
      database,
    },
  );
}
