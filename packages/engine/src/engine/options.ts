/**
 * What an engine is started with (`EngineOptions`) and the metadata it serves, as the core keeps it
 * between swaps.
 */
import type { InconsistentObject } from '../admin-api/metadata-inconsistency.ts';
import type { AuthConfig } from '../auth/authenticate.ts';
import type { RawMetadata } from '../metadata/load.ts';
import type { DatabaseState } from '../metadata/load-model.ts';
import type { LimitOptions } from './api-limits.ts';

/** Options of an in-process engine (the server reads them from HASURA_GRAPHQL_* env). */
export interface EngineOptions {
  /** Hasura project directory (config.yaml, metadata/). */
  projectDir: string;
  databaseUrl: string;
  adminSecret?: string;
  /** HASURA_GRAPHQL_JWT_SECRET as JSON text or object. */
  jwtSecret?: string | AuthConfig['jwt'];
  unauthorizedRole?: string;
  enableConsole?: boolean;
  /** Live query refetch interval in ms (default 1000). */
  refetchIntervalMs?: number;
  /** HASURA_GRAPHQL_WEBSOCKET_KEEPALIVE (seconds, default 5). */
  wsKeepaliveSeconds?: number;
  /** HASURA_GRAPHQL_WEBSOCKET_CONNECTION_INIT_TIMEOUT (seconds, default 3). */
  wsInitTimeoutSeconds?: number;
  /** HASURA_GRAPHQL_CORS_DOMAIN: allowed origins (comma-separated, `*` wildcards); all when unset. */
  corsDomain?: string;
  /** Subscriber cohorts per live-query statement (default 1000; Hasura's default is 100). */
  liveBatchSize?: number;
  /** Max request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Limits for every role but admin (depth, nodes, aliases, batch size, statement time, introspection
   * size); each wins over api_limits.yaml and the engine's defaults, and 0 switches it off.
   */
  limits?: LimitOptions;
  /** Environment for `{{ENV}}` templates and `*_from_env` (default process.env). */
  env?: NodeJS.ProcessEnv;
  poolSize?: number;
  /**
   * Start even when some metadata objects do not match the database (ENGINE_ALLOW_INCONSISTENT_METADATA):
   * those objects are left out and reported by `get_inconsistent_metadata`, as Hasura does. Off by
   * default: the engine refuses to start on inconsistent metadata.
   */
  allowInconsistentMetadata?: boolean;
}

/**
 * The metadata an engine serves: what the metadata directory says (less what
 * `drop_inconsistent_metadata` dropped), the part of it the model was built from, the objects left
 * out, and a version that grows with every swap (`resource_version`).
 */
export interface ServedMetadata {
  /** The metadata directory it was read from. */
  dir: string;
  /** The metadata as read (what `export_metadata` answers). */
  raw: RawMetadata;
  /** The consistent part the model was built from. */
  served: RawMetadata;
  inconsistent: InconsistentObject[];
  resourceVersion: number;
  /** The catalogue (and enum rows) the model was checked against. */
  database: DatabaseState;
}

/** What `reload_metadata` answers. */
export interface ReloadResult {
  message: 'success';
  is_consistent: boolean;
  inconsistent_objects?: InconsistentObject[];
}
