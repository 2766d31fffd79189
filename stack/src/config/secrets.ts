import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Config, StackConfig } from './config.ts';
import { ZJwtSecretSchema } from './env.ts';

/** The secrets every service shares. */
export interface Secrets {
  adminSecret: string;
  /** JSON as Hasura reads it from HASURA_GRAPHQL_JWT_SECRET. */
  jwtSecret: string;
  actionsSecret: string;
  /** Opens the development pages of actions (/api/dev/mailbox, /api/dev/payment). */
  devPagesKey: string;
  /** The S3 secret key: S3_SECRET_ACCESS_KEY, else this installation's (the embedded s3rver checks it). */
  s3SecretAccessKey: string;
}

const ZSecretsFileSchema = z.object({
  adminSecret: z.string().min(16),
  jwtKey: ZJwtSecretSchema.shape.key,
  actionsSecret: z.string().min(16),
  // Added later: files written before them lack the keys and get them on the next start.
  devPagesKey: z.string().min(16).optional(),
  s3SecretAccessKey: z.string().min(16).optional(),
});
type TSecretsFile = z.infer<typeof ZSecretsFileSchema>;

const random = () => randomBytes(32).toString('hex');

/**
 * Secrets from the environment, else from `$DATA_DIR/secrets.json`, which is written with
 * random values on first start so that a restart keeps tokens and sessions valid.
 */
export function resolveSecrets(config: StackConfig): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let found: TSecretsFile | undefined;
  if (existsSync(file)) {
    const parsed = ZSecretsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success)
      throw new Error(`${file} is not valid; delete it (or run npm run reset) to generate new secrets`);
    found = parsed.data;
  }
  const stored = {
    adminSecret: random(),
    jwtKey: random(),
    actionsSecret: random(),
    ...found,
    devPagesKey: found?.devPagesKey ?? random(),
    s3SecretAccessKey: found?.s3SecretAccessKey ?? random(),
  };
  // A new file, or an older one without a key added since: the others are kept as they are.
  if (!found?.devPagesKey || !found.s3SecretAccessKey) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    adminSecret: config.engine.adminSecret ?? stored.adminSecret,
    jwtSecret: config.engine.jwtSecret ?? JSON.stringify({ type: 'HS256', key: stored.jwtKey }),
    actionsSecret: config.actions.secret ?? stored.actionsSecret,
    devPagesKey: config.actions.devPagesKey ?? stored.devPagesKey,
    s3SecretAccessKey: config.s3.secretAccessKey ?? stored.s3SecretAccessKey,
  };
}

/** The stack's S3 settings with the secret key resolved: what its clients sign with. */
export function s3WithSecret(config: StackConfig, secrets: Secrets): S3Config & { secretAccessKey: string } {
  return { ...config.s3, secretAccessKey: secrets.s3SecretAccessKey };
}
