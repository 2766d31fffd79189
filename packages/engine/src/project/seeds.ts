import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { RunnerOptions } from './migrations.ts';

/** The seed files of one database, in lexical filename order as the Hasura CLI walks them. */
export function listSeeds(project: RunnerOptions['project'], database = 'default'): string[] {
  const dir = path.join(project.seedsDir, database);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.sql'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Runs seed files like `hasura seed apply`: each file in its own transaction, in lexical
 * order, stopping at the first failure (earlier files stay applied). Nothing is recorded,
 * so seeds should be written to be re-runnable. `files` picks files by name.
 */
export async function applySeeds(options: RunnerOptions & { files?: string[] }): Promise<string[]> {
  let files = listSeeds(options.project, options.database);
  if (options.files?.length) {
    const wanted = new Set(options.files.map((f) => path.basename(f)));
    const missing = [...wanted].filter((name) => !files.some((f) => path.basename(f) === name));
    if (missing.length) throw new Error(`seed file not found: ${missing.join(', ')}`);
    files = files.filter((f) => wanted.has(path.basename(f)));
  }
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    for (const file of files) {
      await client.query('begin');
      try {
        await client.query(readFileSync(file, 'utf8'));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        const e = error as { message?: string; detail?: string };
        throw new Error(
          `${path.basename(file)}: ${e.message ?? String(error)}${e.detail ? ` (${e.detail})` : ''}`,
          { cause: error },
        );
      }
      options.log?.(`seeded ${path.basename(file)}`);
    }
  } finally {
    await client.end();
  }
  return files;
}
