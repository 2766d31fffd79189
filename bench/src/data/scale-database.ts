import os from 'node:os';
import path from 'node:path';
import { attachOrStartCluster, type LocalCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const PROJECT_DIR = path.join(REPO_ROOT, 'hasura');
const SCALE_DATABASE = 'portal_scale';
/** The generator marks its organisations with this e-mail domain (stack/src/seed-scale.ts). */
const MARK_DOMAIN = 'scale.demo.test';

/** The 20,000-practice database, and how to let go of it. */
export interface ScaleDatabase {
  url: string;
  practices: number;
  /** True when this run generated the data (else an existing data set was reused). */
  generated: boolean;
  close(): Promise<void>;
}

/** Generated practices in a database (0 when it is missing or has no schema yet). */
async function generatedPractices(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return 0;
  }
  try {
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from public.practices p join public.organisations o on o.id = p.organisation_id
        where o.email like $1`,
      [`%@${MARK_DOMAIN}`],
    );
    return res.rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/**
 * Finds or makes the scale data set: `--database-url`/`BENCH_DATABASE_URL`, else `portal_scale`
 * on the embedded cluster (.data/postgres, port 54320), started here when it is not running.
 * The data is generated with the stack's generator unless it already holds `practices` rows;
 * reused data gets the migrations added since it was generated.
 */
export async function openScaleDatabase(
  practices: number,
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<ScaleDatabase> {
  let cluster: LocalCluster | undefined;
  let url = databaseUrl;
  if (!url) {
    const port = Number(process.env.PGPORT ?? 54320);
    cluster = await attachOrStartCluster({ dataDir: path.join(REPO_ROOT, '.data/postgres'), port });
    log(
      cluster.started
        ? `started the embedded PostgreSQL cluster (.data/postgres, port ${port})`
        : `using the PostgreSQL server on port ${port}`,
    );
    url = withDatabase(cluster.adminUrl, SCALE_DATABASE);
  }
  const found = await generatedPractices(url);
  let generated = false;
  if (found !== practices) {
    log(
      found
        ? `the database holds ${found} generated practices, not ${practices}: regenerating`
        : `generating ${practices} practices (about 20 s)`,
    );
    // The generator is not exported by @portal/stack; it is loaded from its file on demand.
    const { runSeedScale } = await import('@portal/stack/seed-scale');
    await runSeedScale([
      '--practices',
      String(practices),
      '--database-url',
      url,
      ...(found ? ['--reset'] : []),
      '--results',
      path.join(os.tmpdir(), 'bench-seed-scale.json'),
      '--quiet',
    ]);
    generated = true;
  } else {
    log(`reusing ${practices} generated practices in ${new URL(url).pathname.slice(1)}`);
    // Data generated before a newer migration gets that migration (a new column the metadata
    // reads), as a deployed database would.
    const applied = await applyMigrations({ project: loadProject(PROJECT_DIR), databaseUrl: url });
    if (applied.length) log(`applied ${applied.length} newer migration(s) to the reused data`);
  }
  return { url, practices, generated, close: async () => void (await cluster?.stop()) };
}
