import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** The fixture projects' directory. */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../test/fixtures');

/** The conformance cases directory: `<nn>-<slug>.yaml` with the generated SQL in `<nn>-<slug>.sql`. */
export const CASES_DIR = path.resolve(import.meta.dirname, '../../test/conformance');

/** Server configuration a case needs (each maps to one engine / Hasura instance). */
export type TargetConfig = 'default' | 'jwt' | 'jwt-anon' | 'jwt-checks';

/** One golden case: GraphQL in, exact JSON out (plus optional database check). */
export interface Case {
  file: string;
  name: string;
  description: string;
  config: TargetConfig;
  /** Request headers; `x-hasura-admin-secret: s3cret` is added unless `anonymous: true` or a JWT is given. */
  headers: Record<string, string>;
  anonymous: boolean;
  /**
   * Sign a JWT with these claims (HS256, fixture key); `expires_in` / `not_before_in` / `issued_at_in`
   * are seconds from now (negative = past). `payload` signs that text instead of the claims (for a
   * payload that is no claims set), `alg` another HMAC algorithm, `key` another secret (a forged token).
   * A raw token string goes in `headers.authorization` with `anonymous: true`.
   */
  jwt?: {
    claims?: Record<string, unknown>;
    expires_in?: number;
    not_before_in?: number;
    issued_at_in?: number;
    payload?: string;
    alg?: 'HS256' | 'HS384' | 'HS512';
    key?: string;
  };
  /** The HTTP method (default POST; a GET or DELETE sends no body). */
  method: string;
  /** Where the request goes (default `/v1/graphql`; also `/v1/metadata`, `/v2/query`, `/v1/graphql/explain`…). */
  endpoint: string;
  /** The HTTP status the answer must have (default 200). */
  status: number;
  /**
   * The request body: a GraphQL request for `/v1/graphql`, `{type, args}` for the admin endpoints; a
   * string is sent as it is (a body that is not JSON).
   */
  request:
    | { query: string; variables?: Record<string, unknown>; operationName?: string }
    | Record<string, unknown>
    | string;
  response: unknown;
  /** After the request: a SQL query and the rows it must return (proves rollbacks etc.). */
  after?: { sql: string; rows: unknown[] };
  /**
   * Another project under `test/fixtures/` (default: the blog). Its migrations and seeds run on a
   * database of its own; the engine starts on it allowing inconsistent metadata, as Hasura does.
   */
  fixture?: string;
  /** Why the case is not run against real Hasura (an engine-only type or extension); omitted: run there too. */
  engine_only?: string;
}

/** Loads every case, ordered by file name. */
export function loadCases(): Case[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const raw = YAML.parse(readFileSync(path.join(CASES_DIR, file), 'utf8')) as Partial<Case>;
      return {
        file: path.join(CASES_DIR, file),
        name: file.replace(/\.yaml$/, ''),
        description: raw.description ?? file,
        config: raw.config ?? 'default',
        headers: raw.headers ?? {},
        anonymous: raw.anonymous ?? false,
        jwt: raw.jwt,
        endpoint: raw.endpoint ?? '/v1/graphql',
        method: raw.method ?? 'POST',
        status: raw.status ?? 200,
        request: raw.request!,
        response: raw.response,
        after: raw.after,
        fixture: raw.fixture,
        engine_only: raw.engine_only,
      };
    });
}

/** The HS256 key the JWT configs use. */
export const JWT_KEY = 'conformance-shared-secret-of-at-least-32-chars';
export const ADMIN_SECRET = 's3cret';
/** The issuer and audience the `jwt-checks` config requires. */
export const JWT_ISSUER = 'https://issuer.example';
export const JWT_AUDIENCE = 'portal';

/** HASURA_GRAPHQL_* settings of each config (identical for the engine and for real Hasura). */
export function configEnv(config: TargetConfig): Record<string, string> {
  const env: Record<string, string> = { HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET };
  if (config !== 'default') env.HASURA_GRAPHQL_JWT_SECRET = JSON.stringify({ type: 'HS256', key: JWT_KEY });
  if (config === 'jwt-anon') env.HASURA_GRAPHQL_UNAUTHORIZED_ROLE = 'anonymous';
  if (config === 'jwt-checks')
    env.HASURA_GRAPHQL_JWT_SECRET = JSON.stringify({
      type: 'HS256',
      key: JWT_KEY,
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    });
  return env;
}
