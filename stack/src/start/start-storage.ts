/** The S3 API for the stack: the embedded s3rver (signed requests only) or the one configured, and the demo files. */
import type { StackConfig } from '../config/config.ts';
import { type Secrets, s3WithSecret } from '../config/secrets.ts';
import type { RunningDatabase } from '../data/database.ts';
import { storeDemoFiles } from '../data/demo-files/store-demo-files.ts';
import { startS3rver } from '../data/s3.ts';
import type { Logger } from '../log.ts';
import type { StartContext } from './start-context.ts';

/** Starts s3rver when the stack runs its own; stores the demo files when the demo data was just loaded. */
export async function startStorage(
  ctx: StartContext,
  secrets: Secrets,
  database: RunningDatabase,
): Promise<void> {
  const { config, resources } = ctx;
  const s3Log = ctx.logger('s3', 'green');
  if (config.s3.kind === 'embedded') {
    const s3 = await startS3rver({
      port: config.s3.port,
      directory: config.s3.dataDir,
      bucket: config.s3.bucket,
      allowedOrigins: config.appOrigins,
      secretAccessKey: secrets.s3SecretAccessKey,
    });
    await resources.add({ name: 's3rver', stop: s3.stop });
    s3Log(
      `s3rver on ${s3.endpoint}, bucket '${config.s3.bucket}' (data in ${config.s3.dataDir}), signed requests only`,
    );
  } else {
    s3Log(`using the S3 API at ${config.s3.endpoint}`);
  }
  if (database.seeded) await storeDemoFilesOnce(database.url, config, secrets, s3Log);
}

/**
 * The demo data was just loaded: a small real file at each of its storage keys, so every demo
 * download works. A failure does not stop the stack (the product works, those downloads do not)
 * and says how to get the files.
 */
async function storeDemoFilesOnce(
  databaseUrl: string,
  config: StackConfig,
  secrets: Secrets,
  log: Logger,
): Promise<void> {
  try {
    const stored = await storeDemoFiles(databaseUrl, s3WithSecret(config, secrets), config.publicUrl);
    log(`demo files: ${stored.written} stored, ${stored.present} already there`);
    if (stored.skipped.length)
      log.error(
        `no demo file is made for these types, their downloads will fail: ${stored.skipped.join(', ')}`,
      );
  } catch (error) {
    log.error(
      `could not store the demo files (${(error as Error).message}); their downloads will fail until 'npm run reset'`,
    );
  }
}
