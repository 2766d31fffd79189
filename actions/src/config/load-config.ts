import { createHmac } from 'node:crypto';
import {
  DEV_PAYMENT_TEMPLATE_PATH,
  DEV_WEBINARS_PATH,
  GRAPHQL_PATH,
  SHARED_ENV,
  WEBINARS_CALLBACK_ROUTE,
  ZBooleanFlagSchema,
  ZHs256JwtSecretSchema,
} from '@portal/domain';
import { z } from 'zod';
import { OIDC_ENV, type OidcConfig, oidcConfig, oidcProblems } from './oidc-config.ts';

export type { OidcConfig } from './oidc-config.ts';

const DEFAULT_CLAIMS_NAMESPACE = 'https://hasura.io/jwt/claims';

/** Unset and empty are the same thing (docker-compose passes `${X:-}` as ''). */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const text = (fallback: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().default(fallback));
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(min).max(max).default(fallback),
  );

/** HASURA_GRAPHQL_JWT_SECRET as the engine (and Hasura) reads it; we only sign HS256. */
const ZJwtSecretSchema = z
  .string({ error: 'is required' })
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON like {"type":"HS256","key":"..."}' });
      return z.NEVER;
    }
  })
  .pipe(
    ZHs256JwtSecretSchema.extend({
      claims_namespace: z.string().default(DEFAULT_CLAIMS_NAMESPACE),
      claims_format: z.literal('json', { error: 'only claims_format "json" is supported' }).optional(),
      audience: z.string().optional(),
      issuer: z.string().optional(),
    }),
  );

/**
 * The actions service's environment. The variables it shares with the stack (which passes them
 * on) take their rule, and default where there is one, from `SHARED_ENV` in `@portal/domain`.
 */
export const ZActionsEnvSchema = z.object({
  NODE_ENV: text('development'),
  HOST: text('127.0.0.1'),
  PORT: int(3100, 0, 65535),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * Which proxies to believe for the client address and protocol: a hop count, or a
   * comma-separated list of addresses / CIDRs (proxy-addr syntax). Unset: trust nobody.
   */
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => /^\d+$/.test(v) || v.split(',').every((part) => part.trim().length > 0),
        'must be a hop count or a comma-separated list of addresses / CIDRs',
      )
      .optional(),
  ),
  /**
   * The key of the development pages (/api/dev/*: the mailbox and the payment stand-in). Unset:
   * those pages are not served at all.
   */
  DEV_PAGES_KEY: blankAsUnset(SHARED_ENV.DEV_PAGES_KEY.optional()),
  DATABASE_URL: blankAsUnset(SHARED_ENV.DATABASE_URL),
  /**
   * A read replica of DATABASE_URL for the reports' figures (docs/operations.md); unset: the
   * reports read DATABASE_URL. Who may read a report is always checked on DATABASE_URL.
   */
  REPORTS_DATABASE_URL: blankAsUnset(SHARED_ENV.DATABASE_URL.optional()),
  DATABASE_POOL_SIZE: int(10, 1, 100),
  /** How long a request waits to connect to PostgreSQL before answering 503. */
  DATABASE_CONNECT_TIMEOUT_MS: int(5000, 100, 60_000),
  HASURA_GRAPHQL_JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), ZJwtSecretSchema),
  ACTIONS_SECRET: blankAsUnset(SHARED_ENV.ACTIONS_SECRET),
  /** Origin of the web app, for links in e-mails. PUBLIC_URL is the stack's name for it. */
  APP_ORIGIN: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  PUBLIC_URL: blankAsUnset(SHARED_ENV.PUBLIC_URL.optional()),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  SMTP_HOST: blankAsUnset(SHARED_ENV.SMTP_HOST.optional()),
  SMTP_PORT: blankAsUnset(SHARED_ENV.SMTP_PORT),
  SMTP_USER: blankAsUnset(SHARED_ENV.SMTP_USER.optional()),
  SMTP_PASSWORD: blankAsUnset(SHARED_ENV.SMTP_PASSWORD.optional()),
  SMTP_FROM: blankAsUnset(SHARED_ENV.SMTP_FROM),
  OUTBOX_POLL_MS: int(5000, 50, 600_000),
  /** How often housekeeping runs (stale rows, abandoned uploads), in minutes. */
  HOUSEKEEPING_INTERVAL_MINUTES: int(60, 1, 1440),
  /** The scheduler (cron jobs such as the e-mail digests); 'false' turns it off on this replica. */
  SCHEDULER_ENABLED: blankAsUnset(ZBooleanFlagSchema.default(true)),
  S3_ENDPOINT: blankAsUnset(SHARED_ENV.S3_ENDPOINT.optional()),
  S3_PUBLIC_ENDPOINT: blankAsUnset(SHARED_ENV.S3_PUBLIC_ENDPOINT.optional()),
  S3_BUCKET: blankAsUnset(SHARED_ENV.S3_BUCKET.optional()),
  S3_REGION: blankAsUnset(SHARED_ENV.S3_REGION),
  S3_ACCESS_KEY_ID: blankAsUnset(SHARED_ENV.S3_ACCESS_KEY_ID.optional()),
  S3_SECRET_ACCESS_KEY: blankAsUnset(SHARED_ENV.S3_SECRET_ACCESS_KEY.optional()),
  S3_FORCE_PATH_STYLE: blankAsUnset(SHARED_ENV.S3_FORCE_PATH_STYLE),
  /** Largest document upload in (decimal) MB; spec 002 §9 'unless the server choice max_file_size gives another'. */
  MAX_FILE_SIZE_MB: blankAsUnset(SHARED_ENV.MAX_FILE_SIZE_MB),
  /** Requests per minute and client address on /api/auth/* (a generous safety net). */
  AUTH_RATE_LIMIT_PER_MINUTE: int(120, 1, 100_000),
  /** Requests per minute and client address on the public certificate check (/api/certificates/verify). */
  VERIFY_RATE_LIMIT_PER_MINUTE: int(30, 1, 100_000),
  /**
   * The engine's admin secret, for the admin console's endpoint only (POST
   * /api/admin-console/graphql forwards a provider admin's requests with it). Unset: the console
   * answers 503 and nothing else changes.
   */
  HASURA_GRAPHQL_ADMIN_SECRET: optionalText,
  /** The GraphQL engine's endpoint, for reads made as the signed-in user (the practice list CSV). */
  HASURA_GRAPHQL_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  /** The payment page of a practice, with {practiceId}; see paymentUrlTemplate below for the default. */
  PAYMENT_URL_TEMPLATE: blankAsUnset(SHARED_ENV.PAYMENT_URL_TEMPLATE.optional()),
  /** The assessment bulk tools for everyone who may change an assessment, not only special access. */
  ASSESSMENT_BULK_TOOLS: blankAsUnset(SHARED_ENV.ASSESSMENT_BULK_TOOLS),
  /** How long an access token lives, in seconds (default 300). */
  ACCESS_TOKEN_SECONDS: blankAsUnset(SHARED_ENV.ACCESS_TOKEN_SECONDS),
  /**
   * The webinar provider (OAuth 2.0 authorization code flow). With WEBINAR_CLIENT_ID set, the
   * secret and the authorize, token and list URLs are required; unset, the stand-in of /api/dev
   * answers outside production (see webinarConfig below).
   */
  WEBINAR_CLIENT_ID: optionalText,
  WEBINAR_CLIENT_SECRET: optionalText,
  WEBINAR_AUTHORIZE_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  WEBINAR_TOKEN_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  WEBINAR_LIST_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  /** Optional: where tokens are revoked on disconnect (RFC 7009); unset, disconnect only forgets. */
  WEBINAR_REVOKE_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  /** The redirect URI registered with the provider; default <APP_ORIGIN>/GoToWebinars/callback. */
  WEBINAR_REDIRECT_URI: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  ...OIDC_ENV,
});

/** The webinar provider: a real one from WEBINAR_*, or the stand-in of this service. */
export interface WebinarConfig {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to authorize (with client_id, redirect_uri, state). */
  authorizeUrl: string;
  /** Server-side endpoints; with `standIn` they are paths of this service's own /api/dev. */
  tokenUrl: string;
  listUrl: string;
  revokeUrl: string | null;
  redirectUri: string;
  /** The development stand-in (routes/dev/webinars.ts), called in-process. */
  standIn: boolean;
}

export interface SmtpConfig {
  /** An smtp:// URL, or host and port with optional credentials. */
  url?: string;
  host?: string;
  port: number;
  user?: string;
  password?: string;
  from: string;
}

export interface S3Config {
  endpoint?: string;
  publicEndpoint?: string;
  bucket: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** The validated configuration of the actions service. */
export interface AppConfig {
  env: string;
  host: string;
  port: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Fastify's trustProxy: false (nobody, the default), a hop count, or addresses / CIDRs. */
  trustProxy: boolean | number | string[];
  /** `reportsUrl`: the reports' read replica (REPORTS_DATABASE_URL), or null. */
  database: { url: string; reportsUrl: string | null; poolSize: number; connectTimeoutMs: number };
  jwt: {
    key: string;
    claimsNamespace: string;
    audience?: string;
    issuer?: string;
    /** How long an access token lives, in seconds (ACCESS_TOKEN_SECONDS, default 300). */
    accessTokenSeconds: number;
  };
  actionsSecret: string;
  appOrigin: string;
  smtp: SmtpConfig | null;
  outboxPollMs: number;
  /** How often housekeeping runs, in ms (HOUSEKEEPING_INTERVAL_MINUTES). */
  housekeepingIntervalMs: number;
  /** Whether this replica runs the scheduler (SCHEDULER_ENABLED, default true). */
  schedulerEnabled: boolean;
  s3: S3Config | null;
  authRateLimitPerMinute: number;
  verifyRateLimitPerMinute: number;
  /** Document uploads: the largest file, in decimal MB (default 100, spec 002 §9). */
  maxFileSizeMb: number;
  /** The engine's /v1/graphql (default: the local engine on its default port). */
  graphqlUrl: string;
  /** The engine's admin secret for the admin console's endpoint, or null (the console then answers 503). */
  adminSecret: string | null;
  /**
   * The payment page of a practice with {practiceId}; null in production when unset (the
   * payment redirect then answers the spec's failure message).
   */
  paymentUrlTemplate: string | null;
  /**
   * ASSESSMENT_BULK_TOOLS: Auto complete, Auto clear and Reopen for everyone (spec 001 §4 'a build
   * flag'); otherwise only users with special access get them.
   */
  assessmentBulkTools: boolean;
  /**
   * Development-only pages under /api/dev (the payment stand-in): never in production, and only
   * with DEV_PAGES_KEY set.
   */
  devPages: boolean;
  /** The key that opens the development pages (DEV_PAGES_KEY), or null. */
  devPagesKey: string | null;
  /** The dev mailbox (GET /api/dev/mailbox) is served outside production when there is no SMTP. */
  devMailbox: boolean;
  /** The webinar provider, or null (production without WEBINAR_*: the page says so). */
  webinar: WebinarConfig | null;
  /** Single sign-on for provider staff, or null (off). */
  oidc: OidcConfig | null;
}

/** TRUST_PROXY → Fastify's trustProxy: unset trusts nobody; digits are a hop count. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** Every problem with the environment, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration of the actions service:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = ZActionsEnvSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const e = parsed.data;
  if (e) {
    if (e.SMTP_URL && e.SMTP_HOST) problems.push('SMTP_URL and SMTP_HOST: set only one of them');
    if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
      problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
    }
    if ((e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID) && !e.S3_BUCKET)
      problems.push('S3_BUCKET: is required with S3_ENDPOINT');
    if (e.WEBINAR_CLIENT_ID) {
      for (const name of [
        'WEBINAR_CLIENT_SECRET',
        'WEBINAR_AUTHORIZE_URL',
        'WEBINAR_TOKEN_URL',
        'WEBINAR_LIST_URL',
      ] as const) {
        if (!e[name]) problems.push(`${name}: is required with WEBINAR_CLIENT_ID`);
      }
    }
    problems.push(...oidcProblems(e));
  }
  if (problems.length > 0 || !e) throw new ConfigError(problems);

  const smtp: SmtpConfig | null =
    e.SMTP_URL || e.SMTP_HOST
      ? {
          url: e.SMTP_URL,
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM,
        }
      : null;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    database: {
      url: e.DATABASE_URL,
      reportsUrl: e.REPORTS_DATABASE_URL ?? null,
      poolSize: e.DATABASE_POOL_SIZE,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    jwt: {
      key: e.HASURA_GRAPHQL_JWT_SECRET.key,
      claimsNamespace: e.HASURA_GRAPHQL_JWT_SECRET.claims_namespace,
      audience: e.HASURA_GRAPHQL_JWT_SECRET.audience,
      issuer: e.HASURA_GRAPHQL_JWT_SECRET.issuer,
      accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    },
    actionsSecret: e.ACTIONS_SECRET,
    appOrigin: (e.APP_ORIGIN ?? e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    smtp,
    outboxPollMs: e.OUTBOX_POLL_MS,
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MINUTES * 60_000,
    schedulerEnabled: e.SCHEDULER_ENABLED,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT ?? e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    verifyRateLimitPerMinute: e.VERIFY_RATE_LIMIT_PER_MINUTE,
    maxFileSizeMb: e.MAX_FILE_SIZE_MB,
    graphqlUrl: e.HASURA_GRAPHQL_URL ?? `http://127.0.0.1:8080${GRAPHQL_PATH}`,
    adminSecret: e.HASURA_GRAPHQL_ADMIN_SECRET ?? null,
    paymentUrlTemplate:
      e.PAYMENT_URL_TEMPLATE ??
      (e.NODE_ENV === 'production'
        ? null
        : `${(e.APP_ORIGIN ?? e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '')}${DEV_PAYMENT_TEMPLATE_PATH}`),
    assessmentBulkTools: e.ASSESSMENT_BULK_TOOLS,
    devPages: e.NODE_ENV !== 'production' && !!e.DEV_PAGES_KEY,
    devPagesKey: e.NODE_ENV !== 'production' ? (e.DEV_PAGES_KEY ?? null) : null,
    devMailbox: e.NODE_ENV !== 'production' && !!e.DEV_PAGES_KEY && !smtp,
    webinar: webinarConfig(e, (e.APP_ORIGIN ?? e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '')),
    oidc: oidcConfig(e, (e.APP_ORIGIN ?? e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '')),
  };
}

/**
 * WEBINAR_* when set; otherwise, outside production with the dev pages on, the stand-in under
 * /api/dev/webinars (its client secret derived from the dev pages key); otherwise none.
 */
function webinarConfig(e: z.output<typeof ZActionsEnvSchema>, appOrigin: string): WebinarConfig | null {
  const redirectUri = e.WEBINAR_REDIRECT_URI ?? `${appOrigin}${WEBINARS_CALLBACK_ROUTE}`;
  if (e.WEBINAR_CLIENT_ID) {
    return {
      clientId: e.WEBINAR_CLIENT_ID,
      clientSecret: e.WEBINAR_CLIENT_SECRET ?? '',
      authorizeUrl: e.WEBINAR_AUTHORIZE_URL ?? '',
      tokenUrl: e.WEBINAR_TOKEN_URL ?? '',
      listUrl: e.WEBINAR_LIST_URL ?? '',
      revokeUrl: e.WEBINAR_REVOKE_URL ?? null,
      redirectUri,
      standIn: false,
    };
  }
  if (e.NODE_ENV === 'production' || !e.DEV_PAGES_KEY) return null;
  return {
    clientId: 'portal-dev',
    clientSecret: createHmac('sha256', e.DEV_PAGES_KEY).update('webinar-stand-in-client').digest('base64url'),
    authorizeUrl: `${appOrigin}${DEV_WEBINARS_PATH}/authorize`,
    tokenUrl: `${DEV_WEBINARS_PATH}/token`,
    listUrl: `${DEV_WEBINARS_PATH}/webinars`,
    revokeUrl: `${DEV_WEBINARS_PATH}/revoke`,
    redirectUri,
    standIn: true,
  };
}
