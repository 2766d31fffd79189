import { existsSync } from 'node:fs';
import path from 'node:path';
import { ACTIONS_HEALTH_PATH, API_PREFIX, GRAPHQL_PATH, HEALTHZ_PATH } from '@portal/domain';
import type { StackConfig } from '../config/config.ts';
import type { Secrets } from '../config/secrets.ts';
import type { Color } from '../log.ts';
import { viteBin } from '../web/web-build.ts';

/** What a child service needs from the parts the stack started before it. */
export interface ServiceContext {
  config: StackConfig;
  secrets: Secrets;
  /** URL of the application database. */
  databaseUrl: string;
  /** The port of this instance when the stack runs replicas (the second engine's, say); else the service's own. */
  instancePort?: number;
}

/** Whether the stack runs several replicas of its services (STACK_REPLICAS). */
const replicated = (context: ServiceContext) => context.config.replicas > 1;

/** The stack's gateway as a service reaches it: with replicas, services call each other through it, balanced. */
const gatewayUrl = (context: ServiceContext) => `http://127.0.0.1:${context.config.port}`;

/** One application service the stack runs as a child process. */
export interface ServiceSpec {
  name: 'engine' | 'actions' | 'web';
  color: Color;
  /**
   * The file the service runs from (relative to the repo, or absolute). The stack refuses to
   * start without it, and /healthz reports the service `missing` should it disappear.
   */
  entry: string;
  /** The variable that sets its port, for messages. */
  portEnv: string;
  port(config: StackConfig): number;
  /** The command, run from the repo root unless `cwd` says otherwise. */
  command(context: ServiceContext): { command: string; args: string[]; cwd?: string };
  /**
   * The environment it gets, on top of PATH/HOME/NODE_ENV. Keys whose value is undefined are
   * not passed but are still part of the service's contract (docker-compose names them too).
   */
  env(context: ServiceContext): Record<string, string | undefined>;
  /** Path answered with 200 when the service is healthy. */
  healthPath: string;
  /** How long it may take to become healthy. */
  startTimeoutMs: number;
  /** What to do when it keeps crashing (printed after its last lines when the stack gives up). */
  whenItKeepsCrashing?: string;
}

const TSX_LOADER = import.meta.resolve('tsx');

/** Runs a TypeScript entry with Node and the tsx loader (no extra tsx process in between). */
function tsx(entry: string, ...args: string[]) {
  return { command: process.execPath, args: ['--import', TSX_LOADER, entry, ...args] };
}

/** The S3 settings the actions service reads (same names in docker-compose.yml). */
function s3Env({ config, secrets }: ServiceContext): Record<string, string> {
  return {
    S3_ENDPOINT: config.s3.endpoint,
    S3_PUBLIC_ENDPOINT: config.s3.publicEndpoint,
    S3_BUCKET: config.s3.bucket,
    S3_REGION: config.s3.region,
    S3_ACCESS_KEY_ID: config.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: secrets.s3SecretAccessKey,
    S3_FORCE_PATH_STYLE: String(config.s3.forcePathStyle),
  };
}

/**
 * The application services, in start order. Every one must exist: the stack refuses to start
 * without a service's entry file. Adding a service is one entry here (plus its route in the
 * gateway when it serves a new path); running without one is the caller's choice of list
 * (the browser tests leave out `web` and let the gateway serve a build).
 */
export const SERVICES: readonly ServiceSpec[] = [
  {
    name: 'engine',
    color: 'magenta',
    entry: 'packages/engine/src/server/main.ts',
    portEnv: 'HASURA_GRAPHQL_SERVER_PORT',
    port: (config) => config.engine.port,
    command: () => tsx('packages/engine/src/server/main.ts', '--project', 'hasura'),
    env: (context) => {
      const { config, secrets, databaseUrl } = context;
      return {
        HASURA_GRAPHQL_DATABASE_URL: databaseUrl,
        HASURA_GRAPHQL_ADMIN_SECRET: secrets.adminSecret,
        HASURA_GRAPHQL_JWT_SECRET: secrets.jwtSecret,
        HASURA_GRAPHQL_UNAUTHORIZED_ROLE: config.engine.unauthorizedRole,
        HASURA_GRAPHQL_SERVER_PORT: String(context.instancePort ?? config.engine.port),
        HASURA_GRAPHQL_ENABLE_CONSOLE: String(config.engine.enableConsole),
        // With replicas, through the gateway: whichever actions service is up takes the call.
        ACTIONS_BASE_URL: `${replicated(context) ? gatewayUrl(context) : `http://127.0.0.1:${config.actions.port}`}${API_PREFIX}`,
        ACTIONS_SECRET: secrets.actionsSecret,
        // The engine echoes only these origins in CORS answers (the app itself is same-origin).
        HASURA_GRAPHQL_CORS_DOMAIN: config.appOrigins.join(','),
      };
    },
    healthPath: HEALTHZ_PATH,
    startTimeoutMs: 60_000,
    whenItKeepsCrashing:
      'A metadata or migration error names its file under hasura/; `npx engine metadata check` lists every inconsistency.',
  },
  {
    name: 'actions',
    color: 'cyan',
    entry: 'actions/src/main.ts',
    portEnv: 'ACTIONS_PORT',
    port: (config) => config.actions.port,
    command: () => tsx('actions/src/main.ts'),
    env: (context) => ({
      // The local stack is a development environment (dev mailbox on); compose says production.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(context.instancePort ?? context.config.actions.port),
      // Only the gateway (on loopback) may say who the client is: X-Forwarded-For from anyone
      // else is ignored, so the sign-in rate limit counts real addresses.
      TRUST_PROXY: '127.0.0.1',
      // Actions serves its dev pages (mailbox, payment stand-in) outside production, as here, and
      // only to whoever has this key; compose (production) passes none.
      DEV_PAGES_KEY: context.secrets.devPagesKey,
      PUBLIC_URL: context.config.publicUrl,
      DATABASE_URL: context.databaseUrl,
      REPORTS_DATABASE_URL: context.config.actions.reportsDatabaseUrl,
      ...s3Env(context),
      HASURA_GRAPHQL_JWT_SECRET: context.secrets.jwtSecret,
      // Reads made as the signed-in user (the practice list CSV) go through the engine.
      HASURA_GRAPHQL_URL: `${replicated(context) ? gatewayUrl(context) : `http://127.0.0.1:${context.config.engine.port}`}${GRAPHQL_PATH}`,
      // Only the admin console's endpoint uses it, for a provider admin re-checked at each request.
      HASURA_GRAPHQL_ADMIN_SECRET: context.secrets.adminSecret,
      ACTIONS_SECRET: context.secrets.actionsSecret,
      MAX_FILE_SIZE_MB: String(context.config.actions.maxFileSizeMb),
      PAYMENT_URL_TEMPLATE: context.config.actions.paymentUrlTemplate,
      ASSESSMENT_BULK_TOOLS: String(context.config.actions.assessmentBulkTools),
      ACCESS_TOKEN_SECONDS: String(context.config.actions.accessTokenSeconds),
      ...context.config.actions.webinar,
      ...context.config.actions.oidc,
      SMTP_HOST: context.config.smtp.host,
      SMTP_PORT: String(context.config.smtp.port),
      SMTP_USER: context.config.smtp.user,
      SMTP_PASSWORD: context.config.smtp.password,
      SMTP_FROM: context.config.smtp.from,
    }),
    healthPath: ACTIONS_HEALTH_PATH,
    startTimeoutMs: 60_000,
    whenItKeepsCrashing:
      'A configuration error names its variable: see .env.example for its meaning and default.',
  },
  {
    // In development the gateway forwards `/` to Vite (with hot reload over the same origin).
    name: 'web',
    color: 'green',
    entry: 'web/vite.config.ts',
    portEnv: 'WEB_PORT',
    port: (config) => config.web.port,
    command: ({ config }) => ({
      command: process.execPath,
      args: [
        // The web workspace's own Vite, wherever npm put it (the production build runs the same).
        viteBin(config.root),
        '--port',
        String(config.web.port),
        '--strictPort',
        '--clearScreen',
        'false',
        '--host',
        '127.0.0.1',
      ],
      cwd: path.join(config.root, 'web'),
    }),
    env: () => ({}),
    healthPath: '/',
    startTimeoutMs: 60_000,
    whenItKeepsCrashing:
      "Vite's dependency cache may be stale: delete web/node_modules/.vite and run `npm run dev` again. `npm start` serves the production build and does not need the development server.",
  },
];

/** The absolute path of the service's entry file when it does not exist, else null. */
export function missingEntry(spec: ServiceSpec, root: string): string | null {
  const file = path.resolve(root, spec.entry);
  return existsSync(file) ? null : file;
}

/** Why the stack cannot start without these services, and what to do about it. */
export function describeMissingEntries(missing: { spec: ServiceSpec; file: string }[]): string {
  const lines = missing.map(({ spec, file }) => `  - ${spec.name}: its entry file ${file} does not exist`);
  return [
    'cannot start: a service the stack runs is missing',
    ...lines,
    'Restore the file (`git status` shows what was deleted; `git checkout -- <file>` brings it back), then run `npm ci` and start again.',
  ].join('\n');
}
