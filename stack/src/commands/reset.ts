import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrReport } from '../config/config.ts';
import { stopLeftoverPostgres } from '../data/leftover-postgres.ts';
import { runningStackPid } from '../lock.ts';

/** Deletes the data directory (embedded PostgreSQL, s3rver objects, secrets); true when done. */
export async function resetData(): Promise<boolean> {
  const config = loadConfigOrReport();
  if (!config) return false;
  const { dataDir, root } = config;
  const relative = path.relative(dataDir, root);
  if (relative === '' || !relative.startsWith('..') || dataDir === path.parse(dataDir).root) {
    console.error(
      `refusing to delete ${dataDir}: DATA_DIR must be a directory of its own, not the repository or above it`,
    );
    return false;
  }
  const running = runningStackPid(dataDir);
  if (running !== null) {
    console.error(`a stack is running on ${dataDir} (pid ${running}); stop it before resetting`);
    return false;
  }
  if (config.database.kind === 'embedded') {
    const leftover = await stopLeftoverPostgres(config.database.dataDir);
    if (leftover !== null) console.log(`stopped a PostgreSQL left running on ${dataDir} (pid ${leftover})`);
  }
  if (existsSync(dataDir)) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`deleted ${dataDir}`);
  }
  if (config.database.kind === 'external') console.log('DATABASE_URL is set: that database is left as it is');
  if (config.s3.kind === 'external') console.log('S3_ENDPOINT is set: that bucket is left as it is');
  return true;
}
