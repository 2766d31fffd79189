import { z } from 'zod';
import { DEFAULT_MAX_FILE_SIZE_MB } from '../documents/file-size.ts';

/**
 * The environment variables the stack and the actions service both read (the stack passes them
 * on to actions, and docker-compose gives actions the same names): one rule each, with the
 * default both sides apply. Each side decides only whether a variable without a shared default
 * is optional, required or has a local default, and how it treats blank values (both: unset).
 */

const PORT_MESSAGE = 'must be a port number (1-65535)';

/** A TCP port, 1-65535. */
export const ZPortSchema = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d+$/, PORT_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 65535, PORT_MESSAGE);

function isUrlOf(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A URL whose scheme is one of `protocols` (e.g. `['http:', 'https:']`). */
export function zUrl(protocols: readonly string[]) {
  return z
    .string({ error: 'is required' })
    .trim()
    .refine(
      (value) => isUrlOf(value, protocols),
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
}

/** An http:// or https:// URL. */
export const ZHttpUrlSchema = zUrl(['http:', 'https:']);

/** A PostgreSQL connection URL. */
export const ZPostgresUrlSchema = zUrl(['postgres:', 'postgresql:']);

/** true/false (also 1/0, yes/no, any case) as a boolean. */
export const ZBooleanFlagSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => ['true', '1', 'yes'].includes(v));

/** Any non-blank text, trimmed. */
export const ZEnvTextSchema = z.string({ error: 'is required' }).trim().min(1, 'must not be empty');

/** A secret or key someone could guess if it were short: 16 characters at least. */
export const ZEnvSecretSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(16, 'must be at least 16 characters');

/** The fields of HASURA_GRAPHQL_JWT_SECRET (as JSON) that we rely on: we sign HS256 only. */
export const ZHs256JwtSecretSchema = z.object({
  type: z.literal('HS256', { error: 'type must be "HS256"' }),
  key: z.string({ error: 'key is required' }).min(32, 'key must be at least 32 characters'),
});
export type THs256JwtSecret = z.infer<typeof ZHs256JwtSecretSchema>;

/** Every shared variable's rule, by name. */
export const SHARED_ENV = {
  /** The application database. */
  DATABASE_URL: ZPostgresUrlSchema,
  /** The origin browsers use (links in e-mails, CORS). */
  PUBLIC_URL: ZHttpUrlSchema,
  /** The secret the engine sends to action handlers. */
  ACTIONS_SECRET: ZEnvSecretSchema,
  /** The key of the development pages (/api/dev/mailbox, /api/dev/payment). */
  DEV_PAGES_KEY: ZEnvSecretSchema,
  S3_ENDPOINT: ZHttpUrlSchema,
  S3_PUBLIC_ENDPOINT: ZHttpUrlSchema,
  S3_BUCKET: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name (3-63 of a-z 0-9 . -)'),
  S3_REGION: ZEnvTextSchema.default('us-east-1'),
  S3_ACCESS_KEY_ID: ZEnvTextSchema,
  S3_SECRET_ACCESS_KEY: ZEnvTextSchema,
  S3_FORCE_PATH_STYLE: ZBooleanFlagSchema.default(true),
  SMTP_HOST: ZEnvTextSchema,
  SMTP_PORT: ZPortSchema.default(587),
  SMTP_USER: ZEnvTextSchema,
  SMTP_PASSWORD: ZEnvTextSchema,
  SMTP_FROM: ZEnvTextSchema.default('Connect <no-reply@localhost>'),
  /** Largest document upload, in decimal MB (spec 002 §9). */
  MAX_FILE_SIZE_MB: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d+$/, 'must be a whole number of megabytes (1-5000)')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 5000, 'must be a whole number of megabytes (1-5000)')
    .default(DEFAULT_MAX_FILE_SIZE_MB),
  /**
   * The assessment bulk tools (Auto complete, Auto clear, Reopen; spec 001 §4 'a build flag') for
   * everyone who may use them, not only users with special access. Off unless switched on.
   */
  ASSESSMENT_BULK_TOOLS: ZBooleanFlagSchema.default(false),
  /**
   * How long an access token lives, in seconds (the refresh cookie renews it). Short tokens bound
   * what a token can still do on GraphQL after sign-out; the browser tests shorten it to see a
   * token expire while a surveyor is offline.
   */
  ACCESS_TOKEN_SECONDS: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d+$/, 'must be a whole number of seconds (10-3600)')
    .transform(Number)
    .refine((n) => n >= 10 && n <= 3600, 'must be a whole number of seconds (10-3600)')
    .default(300),
  /** The payment page of a practice, with {practiceId}. */
  PAYMENT_URL_TEMPLATE: z
    .string({ error: 'is required' })
    .trim()
    .refine((v) => v.includes('{practiceId}'), 'must contain {practiceId}')
    .refine((v) => isUrlOf(v, ['http:', 'https:']), 'must be an http(s) URL'),
} as const;
export type SharedEnvName = keyof typeof SHARED_ENV;

/** Values that exercise every shared rule: valid and invalid ones. */
const PROBES: readonly (string | undefined)[] = [
  undefined,
  'x',
  ' padded ',
  'true',
  'No',
  'maybe',
  '0',
  '587',
  '70000',
  '6000',
  'portal',
  'Bad_Bucket',
  'short',
  'k'.repeat(20),
  'http://files.example.test:9000',
  'https://pay.example.test/{practiceId}',
  'ftp://files.example.test',
  'postgres://u:p@db:5432/portal',
  'mysql://db/portal',
  'not a url',
];

type Probe = { success: true; data: unknown } | { success: false; messages: string[] };

function probe(schema: z.ZodType, value: string | undefined): Probe {
  const result = schema.safeParse(value);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, messages: result.error.issues.map((i) => i.message) };
}

/**
 * How a side's schemas for the shared variables differ from the shared rules, one line per
 * difference (empty when they agree): each is probed with the same values, and must accept and
 * reject the same ones, with the same result and messages. An unset variable is compared only
 * when the shared rule has a default (otherwise the side decides).
 */
export function sharedEnvDifferences(shape: Record<string, z.ZodType>): string[] {
  const differences: string[] = [];
  for (const [name, rule] of Object.entries(SHARED_ENV) as [SharedEnvName, z.ZodType][]) {
    const own = shape[name];
    if (!own) {
      differences.push(`${name}: not read`);
      continue;
    }
    const hasDefault = rule.safeParse(undefined).success;
    for (const value of PROBES) {
      if (value === undefined && !hasDefault) continue;
      const expected = JSON.stringify(probe(rule, value));
      const actual = JSON.stringify(probe(own, value));
      if (actual !== expected)
        differences.push(`${name}=${JSON.stringify(value)}: ${actual} instead of ${expected}`);
    }
  }
  return differences;
}
