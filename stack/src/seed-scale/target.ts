import path from 'node:path';
import {
  attachOrStartCluster,
  createDatabase,
  dropDatabase,
  type LocalCluster,
  withDatabase,
} from '@portal/devdb';

/** The database `npm run seed:scale` fills when given no URL (in the local embedded cluster). */
const SCALE_DATABASE = 'portal_scale';

export interface TargetOptions {
  databaseUrl?: string;
  reset: boolean;
  /** The repository root (the embedded cluster lives in its `.data/postgres`). */
  root: string;
}

/** The admin URL (database `postgres`) of the server a database URL points at. */
function adminUrlOf(url: string): string {
  return withDatabase(url, 'postgres');
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** Finds or starts the database to fill: --database-url / DATABASE_URL, else the local embedded cluster. */
export async function openTarget(options: TargetOptions, log: (line: string) => void) {
  let cluster: LocalCluster | undefined;
  let url: string;
  if (options.databaseUrl) {
    url = options.databaseUrl;
  } else {
    const port = Number(process.env.PGPORT ?? 54320);
    cluster = await attachOrStartCluster({ dataDir: path.join(options.root, '.data/postgres'), port });
    log(
      cluster.started
        ? `started the embedded PostgreSQL cluster in .data/postgres on port ${port}`
        : `using the PostgreSQL server already listening on port ${port}`,
    );
    url = withDatabase(cluster.adminUrl, SCALE_DATABASE);
  }
  const name = databaseNameOf(url);
  if (options.reset) {
    if (name === 'postgres' || name.startsWith('template'))
      throw new Error(`refusing to reset database ${name}`);
    await dropDatabase(adminUrlOf(url), name);
    log(`dropped database ${name}`);
  }
  if (await createDatabase(adminUrlOf(url), name).catch(() => false)) log(`created database ${name}`);
  return { url, cluster };
}
