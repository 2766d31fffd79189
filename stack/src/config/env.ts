import {
  DEFAULT_MAX_FILE_SIZE_MB,
  SHARED_ENV,
  type THs256JwtSecret,
  ZBooleanFlagSchema,
  ZEnvSecretSchema,
  ZEnvTextSchema,
  ZHs256JwtSecretSchema,
  ZHttpUrlSchema,
  ZPortSchema,
} from '@portal/domain';
import { z } from 'zod';

/**
 * Every environment variable the stack reads, with its schema. The variables it shares with the
 * actions service take their rule (and default, where there is one) from `SHARED_ENV` in
 * `@portal/domain`; `ENV_DOCS` below documents each one; `.env.example` and stack/GUIDE.md are
 * checked against it by tests.
 */

const port = ZPortSchema;
const text = ZEnvTextSchema;

/** The JSON form Hasura reads from HASURA_GRAPHQL_JWT_SECRET; we support HS256 keys. */
export const ZJwtSecretSchema = ZHs256JwtSecretSchema;
export type TJwtSecret = THs256JwtSecret;

const jwtSecret = z
  .string()
  .trim()
  .transform((value, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON like {"type":"HS256","key":"<32+ chars>"}' });
      return z.NEVER;
    }
    const result = ZJwtSecretSchema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues.map((i) => i.message).join('; ') });
      return z.NEVER;
    }
    return value;
  });

/** The stack's environment. Unset and empty variables take their defaults. */
/** One URL, or several separated by commas (the replicas of one service, for the gateway). */
const urlList = z
  .string()
  .trim()
  .transform((value) => value.split(',').map((url) => url.trim()))
  .pipe(z.array(ZHttpUrlSchema).min(1));

export const ZStackEnvSchema = z.object({
  PORT: port.default(3000),
  HOST: text.default('127.0.0.1'),
  PUBLIC_URL: SHARED_ENV.PUBLIC_URL.optional(),
  DATA_DIR: text.default('.data'),
  DATABASE_URL: SHARED_ENV.DATABASE_URL.optional(),
  PGPORT: port.default(54320),
  S3_ENDPOINT: SHARED_ENV.S3_ENDPOINT.optional(),
  S3_PUBLIC_ENDPOINT: SHARED_ENV.S3_PUBLIC_ENDPOINT.optional(),
  S3_PORT: port.default(4569),
  S3_BUCKET: SHARED_ENV.S3_BUCKET.default('portal'),
  S3_REGION: SHARED_ENV.S3_REGION,
  S3_ACCESS_KEY_ID: SHARED_ENV.S3_ACCESS_KEY_ID.default('S3RVER'),
  S3_SECRET_ACCESS_KEY: SHARED_ENV.S3_SECRET_ACCESS_KEY.optional(),
  S3_FORCE_PATH_STYLE: SHARED_ENV.S3_FORCE_PATH_STYLE,
  HASURA_GRAPHQL_SERVER_PORT: port.default(8080),
  HASURA_GRAPHQL_ADMIN_SECRET: ZEnvSecretSchema.optional(),
  HASURA_GRAPHQL_JWT_SECRET: jwtSecret.optional(),
  HASURA_GRAPHQL_UNAUTHORIZED_ROLE: text.default('anonymous'),
  HASURA_GRAPHQL_ENABLE_CONSOLE: ZBooleanFlagSchema.default(false),
  ACTIONS_PORT: port.default(3100),
  ACTIONS_SECRET: SHARED_ENV.ACTIONS_SECRET.optional(),
  MAX_FILE_SIZE_MB: SHARED_ENV.MAX_FILE_SIZE_MB,
  PAYMENT_URL_TEMPLATE: SHARED_ENV.PAYMENT_URL_TEMPLATE.optional(),
  ASSESSMENT_BULK_TOOLS: SHARED_ENV.ASSESSMENT_BULK_TOOLS,
  ACCESS_TOKEN_SECONDS: SHARED_ENV.ACCESS_TOKEN_SECONDS,
  DEV_PAGES_KEY: SHARED_ENV.DEV_PAGES_KEY.optional(),
  REPORTS_DATABASE_URL: SHARED_ENV.DATABASE_URL.optional(),
  WEBINAR_CLIENT_ID: text.optional(),
  WEBINAR_CLIENT_SECRET: text.optional(),
  WEBINAR_AUTHORIZE_URL: text.optional(),
  WEBINAR_TOKEN_URL: text.optional(),
  WEBINAR_LIST_URL: text.optional(),
  WEBINAR_REVOKE_URL: text.optional(),
  WEBINAR_REDIRECT_URI: text.optional(),
  OIDC_ISSUER: text.optional(),
  OIDC_CLIENT_ID: text.optional(),
  OIDC_CLIENT_SECRET: text.optional(),
  OIDC_ROLE_CLAIM: text.default('groups'),
  OIDC_ROLE_MAP: text.optional(),
  OIDC_CREATE_USERS: text.default('false'),
  OIDC_BUTTON_LABEL: text.default('single sign-on'),
  OIDC_SCOPES: text.default('openid email profile'),
  OIDC_MFA_AMR: text.default('mfa'),
  OIDC_REDIRECT_URI: text.optional(),
  WEB_PORT: port.default(5173),
  WEB_SERVE: z.enum(['dev', 'dist']).default('dist'),
  WEB_BUILD: z.enum(['auto', 'off']).default('auto'),
  SMTP_HOST: SHARED_ENV.SMTP_HOST.optional(),
  SMTP_PORT: SHARED_ENV.SMTP_PORT,
  SMTP_USER: SHARED_ENV.SMTP_USER.optional(),
  SMTP_PASSWORD: SHARED_ENV.SMTP_PASSWORD.optional(),
  SMTP_FROM: SHARED_ENV.SMTP_FROM,
  ENGINE_URL: urlList.optional(),
  ACTIONS_URL: urlList.optional(),
  STACK_REPLICAS: z
    .string()
    .trim()
    .regex(/^[1-8]$/, 'must be a whole number from 1 to 8')
    .transform(Number)
    .default(1),
  WEB_DIST: text.default('web/dist'),
  GATEWAY_MAX_BODY_KB: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of KiB (1-1048576)')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1024 * 1024, 'must be a whole number of KiB (1-1048576)')
    .default(4096),
  NO_COLOR: z.string().optional(),
});
export type TStackEnv = z.output<typeof ZStackEnvSchema>;
export type StackEnvName = keyof z.input<typeof ZStackEnvSchema>;

export interface EnvDoc {
  /** Shown in `.env.example`; `undefined` when unset has a meaning of its own. */
  default?: string;
  doc: string;
  group: 'origin' | 'database' | 'storage' | 'engine' | 'actions' | 'web' | 'mail' | 'gateway' | 'output';
}

/** One line of documentation per variable (the record type makes it complete). */
export const ENV_DOCS: Record<StackEnvName, EnvDoc> = {
  PORT: {
    default: '3000',
    group: 'origin',
    doc: 'Port of the one origin: app at /, GraphQL at /v1/graphql, REST at /api/.',
  },
  HOST: {
    default: '127.0.0.1',
    group: 'origin',
    doc: 'Address the gateway binds (0.0.0.0 to reach it from other machines).',
  },
  PUBLIC_URL: {
    group: 'origin',
    doc: 'Origin browsers use (links in e-mails, S3 CORS); default http://localhost:$PORT.',
  },
  DATA_DIR: {
    default: '.data',
    group: 'origin',
    doc: 'Where embedded PostgreSQL, s3rver and generated secrets keep data (relative to the repo).',
  },
  DATABASE_URL: {
    group: 'database',
    doc: 'Use this PostgreSQL database instead of starting embedded PostgreSQL.',
  },
  PGPORT: { default: '54320', group: 'database', doc: 'Port of embedded PostgreSQL (127.0.0.1).' },
  S3_ENDPOINT: { group: 'storage', doc: 'Use this S3 API (MinIO, AWS) instead of starting s3rver.' },
  S3_PUBLIC_ENDPOINT: {
    group: 'storage',
    doc: 'S3 endpoint as browsers reach it, for presigned URLs; default S3_ENDPOINT.',
  },
  S3_PORT: { default: '4569', group: 'storage', doc: 'Port of the embedded s3rver (127.0.0.1).' },
  S3_BUCKET: {
    default: 'portal',
    group: 'storage',
    doc: 'Bucket for documents, certificates and reports (created at start by s3rver).',
  },
  S3_REGION: { default: 'us-east-1', group: 'storage', doc: 'S3 region.' },
  S3_ACCESS_KEY_ID: {
    default: 'S3RVER',
    group: 'storage',
    doc: 'S3 access key id (the embedded s3rver knows only S3RVER).',
  },
  S3_SECRET_ACCESS_KEY: {
    group: 'storage',
    doc: 'S3 secret key; generated once and kept in $DATA_DIR/secrets.json when unset. The embedded s3rver refuses every request not signed with it.',
  },
  S3_FORCE_PATH_STYLE: {
    default: 'true',
    group: 'storage',
    doc: 'Path-style bucket URLs (needed by s3rver and MinIO).',
  },
  HASURA_GRAPHQL_SERVER_PORT: {
    default: '8080',
    group: 'engine',
    doc: 'Port of the GraphQL engine, like Hasura.',
  },
  HASURA_GRAPHQL_ADMIN_SECRET: {
    group: 'engine',
    doc: 'Admin secret; generated once and kept in $DATA_DIR/secrets.json when unset.',
  },
  HASURA_GRAPHQL_JWT_SECRET: {
    group: 'engine',
    doc: 'JSON {"type":"HS256","key":"..."}; generated once and kept in $DATA_DIR/secrets.json when unset.',
  },
  HASURA_GRAPHQL_UNAUTHORIZED_ROLE: {
    default: 'anonymous',
    group: 'engine',
    doc: 'Role for requests without a token.',
  },
  HASURA_GRAPHQL_ENABLE_CONSOLE: {
    default: 'false',
    group: 'engine',
    doc: 'Serve the console (real Hasura only).',
  },
  ACTIONS_PORT: {
    default: '3100',
    group: 'actions',
    doc: 'Port of the actions service (it reads it as PORT).',
  },
  ACTIONS_SECRET: {
    group: 'actions',
    doc: 'Shared secret the engine sends to action handlers; generated once when unset.',
  },
  MAX_FILE_SIZE_MB: {
    default: String(DEFAULT_MAX_FILE_SIZE_MB),
    group: 'actions',
    doc: 'Largest file an upload accepts, in megabytes (1 MB = 1,000,000 bytes).',
  },
  PAYMENT_URL_TEMPLATE: {
    group: 'actions',
    doc: 'Payment page of a practice, with {practiceId}; unset: the development stand-in page (none in production).',
  },
  ASSESSMENT_BULK_TOOLS: {
    default: 'false',
    group: 'actions',
    doc: 'Show the assessment bulk tools (Auto complete, Auto clear, Reopen) to everyone who may change the assessment, not only to users with special access (testing and data repair; keep off in production).',
  },
  ACCESS_TOKEN_SECONDS: {
    default: '300',
    group: 'actions',
    doc: 'How long an access token lives, in seconds (10-3600); the refresh cookie renews it. Shorter bounds what a token can do after sign-out; the browser tests shorten it to let a token expire offline.',
  },
  DEV_PAGES_KEY: {
    group: 'actions',
    doc: 'Key of the development pages (/api/dev/mailbox, /api/dev/payment, the webinar provider stand-in /api/dev/webinars); generated once and kept in $DATA_DIR/secrets.json when unset; the start-up banner prints the mailbox link with it.',
  },
  REPORTS_DATABASE_URL: {
    group: 'actions',
    doc: "A read replica of the database for the reports' figures (who may read a report is still checked on the primary); unset: the reports read the primary. The reports say how old their figures are when the replica lags.",
  },
  WEBINAR_CLIENT_ID: {
    group: 'actions',
    doc: 'Webinar provider (OAuth 2.0 authorization code flow): client id; unset: the development stand-in provider (none in production). With it, the secret and the authorize, token and list URLs are required.',
  },
  WEBINAR_CLIENT_SECRET: { group: 'actions', doc: 'Webinar provider: client secret (sent as HTTP Basic).' },
  WEBINAR_AUTHORIZE_URL: { group: 'actions', doc: 'Webinar provider: where users are sent to connect.' },
  WEBINAR_TOKEN_URL: { group: 'actions', doc: 'Webinar provider: the token endpoint (code exchange).' },
  WEBINAR_LIST_URL: {
    group: 'actions',
    doc: 'Webinar provider: the upcoming webinars (fromTime and toTime added).',
  },
  WEBINAR_REVOKE_URL: {
    group: 'actions',
    doc: 'Webinar provider: token revocation on disconnect (optional).',
  },
  WEBINAR_REDIRECT_URI: {
    group: 'actions',
    doc: 'Webinar provider: the redirect URI registered with it; unset: <PUBLIC_URL>/GoToWebinars/callback.',
  },
  OIDC_ISSUER: {
    group: 'actions',
    doc: `Single sign-on for provider staff (OpenID Connect, authorization code flow with PKCE): the identity provider's issuer URL (https; http only on localhost); unset: single sign-on is off. With it, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_ROLE_MAP are required.`,
  },
  OIDC_CLIENT_ID: {
    group: 'actions',
    doc: 'Single sign-on: the client id registered with the identity provider.',
  },
  OIDC_CLIENT_SECRET: {
    group: 'actions',
    doc: 'Single sign-on: the client secret (sent as HTTP Basic).',
  },
  OIDC_ROLE_CLAIM: {
    default: 'groups',
    group: 'actions',
    doc: `Single sign-on: the ID token claim naming the person's groups or roles (a string or a list).`,
  },
  OIDC_ROLE_MAP: {
    group: 'actions',
    doc: 'Single sign-on: claim values and the provider staff role each gives, comma-separated value=role (roles: provider_admin, qam, surveyor), e.g. portal-qams=qam. A sign-in whose claim maps to no role is refused.',
  },
  OIDC_CREATE_USERS: {
    default: 'false',
    group: 'actions',
    doc: 'Single sign-on: make an account for a verified member of staff the identity provider signs in and no account has the address of (with the mapped roles); off: such a sign-in is refused.',
  },
  OIDC_BUTTON_LABEL: {
    default: 'single sign-on',
    group: 'actions',
    doc: 'Single sign-on: the words after "Sign in with" on the sign-in screen (at most 60 characters).',
  },
  OIDC_SCOPES: {
    default: 'openid email profile',
    group: 'actions',
    doc: 'Single sign-on: the scopes asked for (openid is always one); the e-mail, its verification and the role claim must be in the ID token.',
  },
  OIDC_MFA_AMR: {
    default: 'mfa',
    group: 'actions',
    doc: 'Single sign-on: amr values (RFC 8176, comma-separated) that mean the identity provider used more than one factor; such a sign-in meets the two-factor policy without our factor.',
  },
  OIDC_REDIRECT_URI: {
    group: 'actions',
    doc: 'Single sign-on: the redirect URI registered with the identity provider; unset: <PUBLIC_URL>/api/auth/oidc/callback.',
  },
  WEB_PORT: { default: '5173', group: 'web', doc: 'Port of the Vite dev server behind the gateway.' },
  WEB_SERVE: {
    default: 'dist',
    group: 'web',
    doc: '`dist` (`npm start`): the gateway serves the production build in WEB_DIST, service worker, manifest and Content-Security-Policy as in production; `dev` (`npm run dev`): the Vite dev server behind the gateway, with hot reload and no service worker.',
  },
  WEB_BUILD: {
    default: 'auto',
    group: 'web',
    doc: '`auto`: with WEB_SERVE=dist, build WEB_DIST on start when there is none or the web app, the domain rules or the dependencies changed since (keyed by their content); `off`: serve WEB_DIST as it is (a build made elsewhere).',
  },
  SMTP_HOST: { group: 'mail', doc: 'SMTP server for e-mail; unset keeps mail in the database outbox.' },
  SMTP_PORT: { default: '587', group: 'mail', doc: 'SMTP port.' },
  SMTP_USER: { group: 'mail', doc: 'SMTP user name.' },
  SMTP_PASSWORD: { group: 'mail', doc: 'SMTP password.' },
  SMTP_FROM: {
    default: 'Connect <no-reply@localhost>',
    group: 'mail',
    doc: 'Sender of e-mails.',
  },
  ENGINE_URL: {
    group: 'gateway',
    doc: 'Gateway only (`cli.ts gateway`, production web): GraphQL engine to forward /v1/ to; several replicas separated by commas, balanced over those that are healthy.',
  },
  ACTIONS_URL: {
    group: 'gateway',
    doc: 'Gateway only: actions service to forward /api/ to; several replicas separated by commas.',
  },
  STACK_REPLICAS: {
    default: '1',
    group: 'gateway',
    doc: 'How many engines and actions services `npm start` runs behind its gateway (1 to 8); each replica after the first listens on the next port.',
  },
  WEB_DIST: {
    default: 'web/dist',
    group: 'gateway',
    doc: 'Built web app the gateway serves when no Vite dev server runs.',
  },
  GATEWAY_MAX_BODY_KB: {
    default: '4096',
    group: 'gateway',
    doc: 'Largest request body the gateway forwards to /api/ and /v1/, in KiB (413 above it); avatars (2 MiB) go through /api/, files straight to S3.',
  },
  NO_COLOR: { group: 'output', doc: 'Set to anything to print log prefixes without colour.' },
};
