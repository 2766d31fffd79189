import path from 'node:path';
import { type TStackEnv, ZStackEnvSchema } from './env.ts';

/** The repository root (this file is stack/src/config/config.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Thrown with every configuration problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Where the embedded PostgreSQL runs, or the external database to use instead. */
export type DatabaseConfig =
  | { kind: 'embedded'; port: number; dataDir: string; name: string }
  | { kind: 'external'; url: string };

export type S3Config = {
  bucket: string;
  region: string;
  accessKeyId: string;
  /** S3_SECRET_ACCESS_KEY; unset: the one generated for this installation (`Secrets`). */
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Endpoint as the servers reach it. */
  endpoint: string;
  /** Endpoint as browsers reach it (presigned URLs). */
  publicEndpoint: string;
} & ({ kind: 'embedded'; port: number; dataDir: string } | { kind: 'external' });

export interface StackConfig {
  root: string;
  dataDir: string;
  host: string;
  port: number;
  publicUrl: string;
  /** Every origin the app is opened at: PUBLIC_URL, http://localhost:PORT, http://127.0.0.1:PORT. */
  appOrigins: string[];
  database: DatabaseConfig;
  s3: S3Config;
  engine: {
    port: number;
    unauthorizedRole: string;
    enableConsole: boolean;
    adminSecret?: string;
    jwtSecret?: string;
  };
  actions: {
    port: number;
    secret?: string;
    maxFileSizeMb: number;
    paymentUrlTemplate?: string;
    /** ASSESSMENT_BULK_TOOLS: the assessment bulk tools for everyone, not only special access. */
    assessmentBulkTools: boolean;
    /** ACCESS_TOKEN_SECONDS: how long an access token lives. */
    accessTokenSeconds: number;
    devPagesKey?: string;
    /** REPORTS_DATABASE_URL: a read replica for the reports' figures. */
    reportsDatabaseUrl?: string;
    /** WEBINAR_*: the webinar provider, passed to the actions service as they are. */
    webinar: Record<`WEBINAR_${string}`, string | undefined>;
    /** OIDC_*: single sign-on for provider staff, passed to the actions service as they are. */
    oidc: Record<`OIDC_${string}`, string | undefined>;
  };
  /**
   * WEB_SERVE: `dist` (`npm start`) serves the production build in `dist`, made or brought up to
   * date on start unless WEB_BUILD=off; `dev` (`npm run dev`) runs the Vite dev server.
   */
  web: { port: number; dist: string; serve: 'dev' | 'dist'; build: 'auto' | 'off' };
  gateway: { maxBodyBytes: number };
  /** STACK_REPLICAS: how many engines and actions services run behind the gateway. */
  replicas: number;
  smtp: { host?: string; port: number; user?: string; password?: string; from: string };
  color: boolean;
  /** The raw validated environment, for the few places that pass values through. */
  env: TStackEnv;
}

/**
 * OIDC_*: passed to the actions service as they are (it checks them). Every name the schema
 * knows, set or not, so that the service's contract (docker-compose.yml, the Kubernetes manifests)
 * does not depend on which ones this machine sets.
 */
function oidcVariables(e: TStackEnv): Record<`OIDC_${string}`, string | undefined> {
  const names = Object.keys(ZStackEnvSchema.shape).filter((name) => name.startsWith('OIDC_'));
  return Object.fromEntries(
    names.map((name) => {
      const value = (e as Record<string, unknown>)[name];
      return [name, typeof value === 'string' ? value : undefined];
    }),
  );
}

/** Drops unset and blank variables so that they take their defaults. */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && value.trim() !== '') out[key] = value;
  return out;
}

/** Validates the environment once; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = REPO_ROOT): StackConfig {
  const result = ZStackEnvSchema.safeParse(present(env));
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(environment)');
        const raw = env[name];
        return `${name}: ${issue.message}${raw === undefined ? '' : ` (got '${raw}')`}`;
      }),
    );
  }
  const e = result.data;
  const problems: string[] = [];
  const ports = new Map<number, string[]>();
  const usePort = (name: string, value: number, used: boolean) => {
    if (used) ports.set(value, [...(ports.get(value) ?? []), name]);
  };
  usePort('PORT', e.PORT, true);
  usePort('PGPORT', e.PGPORT, !e.DATABASE_URL);
  usePort('S3_PORT', e.S3_PORT, !e.S3_ENDPOINT);
  usePort('HASURA_GRAPHQL_SERVER_PORT', e.HASURA_GRAPHQL_SERVER_PORT, true);
  usePort('ACTIONS_PORT', e.ACTIONS_PORT, true);
  usePort('WEB_PORT', e.WEB_PORT, true);
  for (const [value, names] of ports) {
    if (names.length > 1)
      problems.push(`${names.join(' and ')}: all set to ${value}; each service needs its own port`);
  }
  if (e.S3_PUBLIC_ENDPOINT && !e.S3_ENDPOINT) {
    problems.push('S3_PUBLIC_ENDPOINT: only meaningful with S3_ENDPOINT (s3rver is reached directly)');
  }
  if (!e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID !== 'S3RVER') {
    problems.push(
      'S3_ACCESS_KEY_ID: the embedded s3rver knows only S3RVER (set S3_ENDPOINT to use another S3 API)',
    );
  }
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(root, e.DATA_DIR);
  const s3Common = {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
  const s3: S3Config = e.S3_ENDPOINT
    ? {
        ...s3Common,
        kind: 'external',
        endpoint: e.S3_ENDPOINT,
        publicEndpoint: e.S3_PUBLIC_ENDPOINT ?? e.S3_ENDPOINT,
      }
    : {
        ...s3Common,
        kind: 'embedded',
        port: e.S3_PORT,
        dataDir: path.join(dataDir, 's3'),
        endpoint: `http://127.0.0.1:${e.S3_PORT}`,
        publicEndpoint: `http://localhost:${e.S3_PORT}`,
      };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    root,
    dataDir,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    appOrigins: [
      ...new Set([new URL(publicUrl).origin, `http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`]),
    ],
    database: e.DATABASE_URL
      ? { kind: 'external', url: e.DATABASE_URL }
      : { kind: 'embedded', port: e.PGPORT, dataDir: path.join(dataDir, 'postgres'), name: 'portal' },
    s3,
    engine: {
      port: e.HASURA_GRAPHQL_SERVER_PORT,
      unauthorizedRole: e.HASURA_GRAPHQL_UNAUTHORIZED_ROLE,
      enableConsole: e.HASURA_GRAPHQL_ENABLE_CONSOLE,
      adminSecret: e.HASURA_GRAPHQL_ADMIN_SECRET,
      jwtSecret: e.HASURA_GRAPHQL_JWT_SECRET,
    },
    actions: {
      port: e.ACTIONS_PORT,
      secret: e.ACTIONS_SECRET,
      maxFileSizeMb: e.MAX_FILE_SIZE_MB,
      paymentUrlTemplate: e.PAYMENT_URL_TEMPLATE,
      assessmentBulkTools: e.ASSESSMENT_BULK_TOOLS,
      accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
      devPagesKey: e.DEV_PAGES_KEY,
      reportsDatabaseUrl: e.REPORTS_DATABASE_URL,
      webinar: {
        WEBINAR_CLIENT_ID: e.WEBINAR_CLIENT_ID,
        WEBINAR_CLIENT_SECRET: e.WEBINAR_CLIENT_SECRET,
        WEBINAR_AUTHORIZE_URL: e.WEBINAR_AUTHORIZE_URL,
        WEBINAR_TOKEN_URL: e.WEBINAR_TOKEN_URL,
        WEBINAR_LIST_URL: e.WEBINAR_LIST_URL,
        WEBINAR_REVOKE_URL: e.WEBINAR_REVOKE_URL,
        WEBINAR_REDIRECT_URI: e.WEBINAR_REDIRECT_URI,
      },
      oidc: oidcVariables(e),
    },
    web: { port: e.WEB_PORT, dist: path.resolve(root, e.WEB_DIST), serve: e.WEB_SERVE, build: e.WEB_BUILD },
    gateway: { maxBodyBytes: e.GATEWAY_MAX_BODY_KB * 1024 },
    replicas: e.STACK_REPLICAS,
    smtp: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.SMTP_FROM,
    },
    color: e.NO_COLOR === undefined && Boolean(process.stdout.isTTY),
    env: e,
  };
}

/** Loads the config for a command; on a config problem prints every one of them and returns null. */
export function loadConfigOrReport(env: NodeJS.ProcessEnv = process.env): StackConfig | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}
