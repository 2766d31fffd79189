import { z } from 'zod';

const DEFAULT_CLAIMS_NAMESPACE = 'https://hasura.io/jwt/claims';

/** Unset and empty are the same thing (docker-compose passes `${X:-}` as ''). */
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
    z.object({
      type: z.literal('HS256', { error: 'type must be "HS256"' }),
      key: z.string({ error: 'key is required' }).min(32, 'key must be at least 32 characters'),
      claims_namespace: z.string().default(DEFAULT_CLAIMS_NAMESPACE),
      claims_format: z.literal('json', { error: 'only claims_format "json" is supported' }).optional(),
      audience: z.string().optional(),
      issuer: z.string().optional(),
    }),
  );

const ZEnvSchema = z.object({
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
  DEV_PAGES_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  ),
  DATABASE_POOL_SIZE: int(10, 1, 100),
  /** How long a request waits to connect to PostgreSQL before answering 503. */
  DATABASE_CONNECT_TIMEOUT_MS: int(5000, 100, 60_000),
  HASURA_GRAPHQL_JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), ZJwtSecretSchema),
  ACTIONS_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: 'is required' }).min(16, 'must be at least 16 characters'),
  ),
  /** Origin of the web app, for links in e-mails. PUBLIC_URL is the stack's name for it. */
  APP_ORIGIN: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  SMTP_HOST: optionalText,
  SMTP_PORT: int(587, 1, 65535),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_FROM: text('Connect <no-reply@localhost>'),
  OUTBOX_POLL_MS: int(5000, 50, 600_000),
  S3_ENDPOINT: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  S3_PUBLIC_ENDPOINT: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  /** Largest document upload in (decimal) MB; spec 002 §9 'unless the server choice max_file_size gives another'. */
  MAX_FILE_SIZE_MB: int(100, 1, 5000),
  /** Requests per minute and client address on /api/auth/* (a generous safety net). */
  AUTH_RATE_LIMIT_PER_MINUTE: int(120, 1, 100_000),
  /** The GraphQL engine's endpoint, for reads made as the signed-in user (the practice list CSV). */
  HASURA_GRAPHQL_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  /** The payment page of a practice, with {practiceId}; see paymentUrlTemplate below for the default. */
  PAYMENT_URL_TEMPLATE: optionalText.pipe(
    z
      .string()
      .refine((v) => v.includes('{practiceId}'), 'must contain {practiceId}')
      .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
      .optional(),
  ),
});

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
  database: { url: string; poolSize: number; connectTimeoutMs: number };
  jwt: { key: string; claimsNamespace: string; audience?: string; issuer?: string };
  actionsSecret: string;
  appOrigin: string;
  smtp: SmtpConfig | null;
  outboxPollMs: number;
  s3: S3Config | null;
  authRateLimitPerMinute: number;
  /** Document uploads: the largest file, in decimal MB (default 100, spec 002 §9). */
  maxFileSizeMb: number;
  /** The engine's /v1/graphql (default: the local engine on its default port). */
  graphqlUrl: string;
  /**
   * The payment page of a practice with {practiceId}; null in production when unset (the
   * payment redirect then answers the spec's failure message).
   */
  paymentUrlTemplate: string | null;
  /**
   * Development-only pages under /api/dev (the payment stand-in): never in production, and only
   * with DEV_PAGES_KEY set.
   */
  devPages: boolean;
  /** The key that opens the development pages (DEV_PAGES_KEY), or null. */
  devPagesKey: string | null;
  /** The dev mailbox (GET /api/dev/mailbox) is served outside production when there is no SMTP. */
  devMailbox: boolean;
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
  const parsed = ZEnvSchema.safeParse(env);
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
      poolSize: e.DATABASE_POOL_SIZE,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    jwt: {
      key: e.HASURA_GRAPHQL_JWT_SECRET.key,
      claimsNamespace: e.HASURA_GRAPHQL_JWT_SECRET.claims_namespace,
      audience: e.HASURA_GRAPHQL_JWT_SECRET.audience,
      issuer: e.HASURA_GRAPHQL_JWT_SECRET.issuer,
    },
    actionsSecret: e.ACTIONS_SECRET,
    appOrigin: (e.APP_ORIGIN ?? e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    smtp,
    outboxPollMs: e.OUTBOX_POLL_MS,
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
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    maxFileSizeMb: e.MAX_FILE_SIZE_MB,
    graphqlUrl: e.HASURA_GRAPHQL_URL ?? 'http://127.0.0.1:8080/v1/graphql',
    paymentUrlTemplate:
      e.PAYMENT_URL_TEMPLATE ??
      (e.NODE_ENV === 'production'
        ? null
        : `${(e.APP_ORIGIN ?? e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '')}/api/dev/payment/{practiceId}`),
    devPages: e.NODE_ENV !== 'production' && !!e.DEV_PAGES_KEY,
    devPagesKey: e.NODE_ENV !== 'production' ? (e.DEV_PAGES_KEY ?? null) : null,
    devMailbox: e.NODE_ENV !== 'production' && !!e.DEV_PAGES_KEY && !smtp,
  };
}
