/**
 * Writes `hasura/functions/<name>.sql` from the migrations: starts a throwaway embedded PostgreSQL,
 * applies every migration of `hasura/` to a new database, and writes the live definition of each
 * function of `public` to its file (removing the files of functions the database no longer has).
 * Run it after adding a migration that creates, replaces or drops a function:
 *
 *   npx tsx hasura/scripts/write-function-files.ts
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import pg from 'pg';
import { FUNCTIONS_DIR, functionFiles, liveFunctionFiles } from './live-functions.ts';

const HASURA_DIR = path.resolve(import.meta.dirname, '..');

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-functions-pg-'));
  // When we run as root the server runs as the `postgres` user, which must reach the data directory.
  chmodSync(dataDir, 0o755);
  const cluster = await startCluster({ dataDir: path.join(dataDir, 'data'), durable: false });
  try {
    await createDatabase(cluster.url(), 'portal_functions');
    const databaseUrl = withDatabase(cluster.url(), 'portal_functions');
    await applyMigrations({ project: loadProject(HASURA_DIR), databaseUrl });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let live: Map<string, string>;
    try {
      live = await liveFunctionFiles(client);
    } finally {
      await client.end();
    }
    mkdirSync(FUNCTIONS_DIR, { recursive: true });
    for (const name of functionFiles().keys()) {
      if (!live.has(name)) unlinkSync(path.join(FUNCTIONS_DIR, `${name}.sql`));
    }
    for (const [name, text] of live) writeFileSync(path.join(FUNCTIONS_DIR, `${name}.sql`), text);
    console.log(`${live.size} function file(s) written to ${path.relative(process.cwd(), FUNCTIONS_DIR)}/`);
  } finally {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
