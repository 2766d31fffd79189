/**
 * `npm run seed:scale -- --practices N`: a large, realistic data set for benchmarks.
 *
 * Everything is generated server-side with set-based SQL (`insert … select … from
 * generate_series`) in one transaction, on top of the demo seeds (which bring the standards, the
 * provider folders and the demo accounts). For speed the transaction runs with
 * `session_replication_role = replica`, which skips ordinary triggers and foreign-key checks:
 *  - the audit log deliberately does NOT record the bulk generation;
 *  - `updated_at` stamps are set explicitly;
 *  - `practices.current_accreditation_id`, normally kept by a trigger on accreditations, is set
 *    by one UPDATE after the bulk insert using the trigger's rule (latest non-archived cycle);
 *  - the SQL keeps every reference valid itself (the tests check every foreign key afterwards).
 * Unique and CHECK constraints stay enforced. Without the superuser right to change
 * session_replication_role, the audit and current-accreditation triggers are disabled per table
 * for the transaction instead (foreign keys are then checked as usual).
 *
 * This file parses the options and runs the load; `seed-scale/` holds one generator per table (or
 * closely related group), run in the order of `seed-scale/generate.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyMigrations, applySeeds, loadProject } from '@portal/engine';
import pg from 'pg';
import { bypassTriggers, countRows, restoreTriggers } from './seed-scale/bulk-load.ts';
import { MARK_DOMAIN } from './seed-scale/constants.ts';
import type { Sql } from './seed-scale/context.ts';
import { generate } from './seed-scale/generate.ts';
import { databaseNameOf, openTarget } from './seed-scale/target.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEFAULT_RESULTS = path.join(ROOT, 'bench/results/seed-scale.json');

export interface SeedScaleResult {
  practices: number;
  seconds: number;
  generate_seconds: number;
  rows: Record<string, number>;
  postgres_version: string;
  date: string;
}

interface Options {
  practices: number;
  databaseUrl?: string;
  reset: boolean;
  results: string;
  quiet: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      practices: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
      results: { type: 'string', default: DEFAULT_RESULTS },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const practices = Number(values.practices);
  if (!Number.isInteger(practices) || practices < 1 || practices > 2_000_000) {
    throw new Error(`--practices must be a whole number from 1 to 2000000, not '${values.practices}'`);
  }
  return {
    practices,
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL ?? undefined,
    reset: values.reset ?? false,
    results: path.resolve(values.results ?? DEFAULT_RESULTS),
    quiet: values.quiet ?? false,
  };
}

/** `npm run seed:scale -- --practices N [--database-url URL] [--reset] [--results FILE]`. */
export async function runSeedScale(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const log = options.quiet ? () => {} : (line: string) => console.log(`seed-scale: ${line}`);
  const started = performance.now();
  const { url, cluster } = await openTarget({ ...options, root: ROOT }, log);
  try {
    const project = loadProject(path.join(ROOT, 'hasura'));
    const migrations = await applyMigrations({ project, databaseUrl: url });
    log(`migrations applied: ${migrations.length} new`);
    await applySeeds({ project, databaseUrl: url });
    log('demo seeds applied');

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const existing = await client.query(
        `select count(*)::int as n from public.organisations where email like '%@${MARK_DOMAIN}'`,
      );
      if (existing.rows[0].n > 0) {
        throw new Error(
          `database ${databaseNameOf(url)} already holds ${existing.rows[0].n} generated practices; run with --reset`,
        );
      }
      const generationStarted = performance.now();
      await client.query('begin');
      let mode: 'replica' | 'disabled';
      try {
        await client.query("set local synchronous_commit = off; set local work_mem = '256MB'");
        mode = await bypassTriggers(client);
        log(
          mode === 'replica'
            ? 'bulk load with session_replication_role = replica: no triggers (the audit log skips generated rows)'
            : 'bulk load with audit and current-accreditation triggers disabled (the audit log skips generated rows)',
        );
        const sql: Sql = (text, values) => client.query(text, values);
        await generate(sql, options.practices);
        if (mode === 'disabled') await restoreTriggers(client);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
      const generateSeconds = (performance.now() - generationStarted) / 1000;
      log(`generated ${options.practices} practices in ${generateSeconds.toFixed(1)} s; analyzing`);
      await client.query('analyze');
      const rows = await countRows(client);
      const version = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
        .rows[0]!.v;
      const result: SeedScaleResult = {
        practices: options.practices,
        seconds: Math.round(((performance.now() - started) / 1000) * 10) / 10,
        generate_seconds: Math.round(generateSeconds * 10) / 10,
        rows,
        postgres_version: version,
        date: new Date().toISOString(),
      };
      mkdirSync(path.dirname(options.results), { recursive: true });
      writeFileSync(options.results, `${JSON.stringify(result, null, 2)}\n`);
      log(`done in ${result.seconds} s (generation ${result.generate_seconds} s), PostgreSQL ${version}`);
      if (!options.quiet) {
        const width = Math.max(...Object.keys(rows).map((k) => k.length));
        for (const [table, n] of Object.entries(rows)) console.log(`  ${table.padEnd(width)} ${n}`);
      }
      log(`results written to ${path.relative(process.cwd(), options.results) || options.results}`);
    } finally {
      await client.end();
    }
  } finally {
    await cluster?.stop();
  }
}
