import { parseArgs } from 'node:util';
import { exportMetadata, type HasuraMetadata } from './admin-api/metadata-export.ts';
import { writeMetadataDirectory } from './admin-api/metadata-files.ts';
import { type InconsistentObject, resolveMetadata } from './admin-api/metadata-inconsistency.ts';
import { introspectUrl } from './catalog/introspect.ts';
import { checkMetadata } from './metadata/check.ts';
import { loadMetadataDirectory } from './metadata/load.ts';
import { loadModel, readDatabase } from './metadata/load-model.ts';
import { sourceUrls } from './metadata/sources.ts';
import { applyMigrations, migrationStatus, rollbackMigrations } from './project/migrations.ts';
import { loadProject } from './project/project.ts';
import { applySeeds } from './project/seeds.ts';

const USAGE = `usage: engine <command> [options]

commands:
  migrate apply [--version V] [--skip-execution]   apply pending migrations (or one version)
  migrate down [--steps N | --version V | --all]   roll back applied migrations (default: the newest one)
  migrate status                                   list migrations in the project and in the database
  seed apply [--file NAME ...]                     run seed files in lexical order
  metadata check                                   load the metadata and check it against the database
  metadata export [--output DIR|-] [--endpoint URL] export the metadata (Hasura's JSON on stdout, or a metadata
                                                   directory); from the project's files, or a running engine
  metadata reload [--endpoint URL]                 ask a running engine to re-read its metadata and the catalogue
  metadata ic list [--endpoint URL] [-o json]      list inconsistent objects (exit code 1 if there are any);
                                                   without --endpoint, the project's metadata against the database
  metadata ic drop --endpoint URL                  ask a running engine to leave its inconsistent objects out
  serve                                            serve the GraphQL API (HASURA_GRAPHQL_* environment)

common options:
  --project DIR        Hasura project directory (default: hasura)
  --database-url URL   PostgreSQL URL (default: $HASURA_GRAPHQL_DATABASE_URL)
  --database-name NAME Hasura source name (default: default)
  --endpoint URL       a running engine (default: $HASURA_GRAPHQL_ENDPOINT, else http://localhost:8080)
  --admin-secret S     its admin secret (default: $HASURA_GRAPHQL_ADMIN_SECRET)`;

type Values = Record<string, string | boolean | string[] | undefined>;
/** A command; resolves with its exit code (0 when it resolves with nothing). */
type Command = (values: Values) => Promise<unknown>;

function databaseUrl(values: Values): string {
  const url = (values['database-url'] as string | undefined) ?? process.env.HASURA_GRAPHQL_DATABASE_URL;
  if (!url) throw new Error('no database: pass --database-url or set HASURA_GRAPHQL_DATABASE_URL');
  return url;
}

function runnerOptions(values: Values) {
  return {
    project: loadProject((values.project as string | undefined) ?? 'hasura'),
    databaseUrl: databaseUrl(values),
    database: (values['database-name'] as string | undefined) ?? 'default',
    log: (line: string) => console.log(line),
  };
}

function version(values: Values): bigint | undefined {
  const v = values.version as string | undefined;
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new Error(`--version must be a number, got '${v}'`);
  return BigInt(v);
}

/** `{type, args}` to a running engine's `/v1/metadata` with the admin secret, like the hasura CLI. */
async function metadataRequest(values: Values, body: Record<string, unknown>): Promise<unknown> {
  const endpoint = (
    (values.endpoint as string | undefined) ??
    process.env.HASURA_GRAPHQL_ENDPOINT ??
    'http://localhost:8080'
  ).replace(/\/+$/, '');
  const secret = (values['admin-secret'] as string | undefined) ?? process.env.HASURA_GRAPHQL_ADMIN_SECRET;
  let res: Response;
  try {
    res = await fetch(`${endpoint}/v1/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { 'x-hasura-admin-secret': secret } : {}) },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(`cannot reach ${endpoint}: ${(error as Error).message}`);
  }
  const answer = (await res.json()) as { error?: string; code?: string };
  if (!res.ok)
    throw new Error(
      `${endpoint} answered ${res.status}: ${answer.error ?? JSON.stringify(answer)} (${answer.code})`,
    );
  return answer;
}

/** The project's metadata (every `!include` resolved). */
function projectMetadata(values: Values) {
  return loadMetadataDirectory(loadProject((values.project as string | undefined) ?? 'hasura').metadataDir);
}

/** Prints inconsistent objects like `hasura metadata ic list`; the exit code is 1 when there are any. */
function printInconsistencies(values: Values, objects: InconsistentObject[]): number {
  if (values.output === 'json') console.log(JSON.stringify(objects, null, 2));
  else if (!objects.length) console.log('metadata is consistent');
  else {
    const rows = [['NAME', 'TYPE', 'DESCRIPTION'], ...objects.map((o) => [o.name, o.type, o.reason])];
    const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows)
      console.log(`${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]}`);
  }
  return objects.length ? 1 : 0;
}

const COMMANDS: Record<string, Command> = {
  'migrate apply': async (values) => {
    const applied = await applyMigrations({
      ...runnerOptions(values),
      version: version(values),
      skipExecution: Boolean(values['skip-execution']),
    });
    console.log(
      applied.length ? `${applied.length} migration(s) applied` : 'nothing to apply: database is up to date',
    );
  },
  'migrate down': async (values) => {
    const steps = values.steps === undefined ? undefined : Number(values.steps);
    if (steps !== undefined && (!Number.isInteger(steps) || steps < 1))
      throw new Error('--steps must be a whole number of at least 1');
    const done = await rollbackMigrations({
      ...runnerOptions(values),
      steps,
      all: Boolean(values.all),
      version: version(values),
    });
    console.log(`${done.length} migration(s) rolled back`);
  },
  'migrate status': async (values) => {
    const rows = await migrationStatus(runnerOptions(values));
    const table = [['VERSION', 'NAME', 'SOURCE STATUS', 'DATABASE STATUS']];
    for (const r of rows) {
      table.push([
        r.version.toString(),
        r.name,
        r.inSource ? 'Present' : 'Not Present',
        r.inDatabase ? 'Present' : 'Not Present',
      ]);
    }
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table)
      console.log(
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      );
  },
  'seed apply': async (values) => {
    const files = await applySeeds({ ...runnerOptions(values), files: values.file as string[] | undefined });
    console.log(`${files.length} seed file(s) applied`);
  },
  'metadata check': async (values) => {
    const project = loadProject((values.project as string | undefined) ?? 'hasura');
    const metadata = loadMetadataDirectory(project.metadataDir);
    const urls = sourceUrls(
      metadata,
      process.env,
      (values['database-url'] as string | undefined) ?? process.env.HASURA_GRAPHQL_DATABASE_URL,
    );
    const catalogs = new Map();
    for (const [name, url] of urls) catalogs.set(name, await introspectUrl(url));
    const errors: Error[] = checkMetadata(metadata, catalogs);
    // Past the structural check, build the engine's model too: permission rules, actions and
    // inherited roles are validated there.
    if (!errors.length && urls.has('default')) {
      try {
        await loadModel(metadata, urls.get('default')!);
      } catch (error) {
        errors.push(...(error instanceof AggregateError ? error.errors : [error as Error]));
      }
    }
    if (errors.length) {
      for (const error of errors) console.error(error.message);
      throw new Error(`metadata is inconsistent: ${errors.length} problem(s)`);
    }
    const tables = metadata.sources.reduce<number>(
      (n, s) => n + ((s as { tables?: unknown[] }).tables?.length ?? 0),
      0,
    );
    console.log(`metadata is consistent: ${metadata.sources.length} source(s), ${tables} table(s)`);
  },
};

COMMANDS['metadata export'] = async (values) => {
  const metadata = values.endpoint
    ? ((await metadataRequest(values, { type: 'export_metadata', version: 1, args: {} })) as HasuraMetadata)
    : exportMetadata(projectMetadata(values));
  const output = values.output as string | undefined;
  if (!output || output === '-' || output === 'json') console.log(JSON.stringify(metadata, null, 2));
  else {
    writeMetadataDirectory(output, metadata);
    console.log(`metadata written to ${output}`);
  }
};

COMMANDS['metadata reload'] = async (values) => {
  const answer = (await metadataRequest(values, {
    type: 'reload_metadata',
    args: { reload_sources: true },
  })) as { is_consistent: boolean; inconsistent_objects?: InconsistentObject[] };
  console.log('metadata reloaded');
  if (!answer.is_consistent) {
    console.error('metadata is inconsistent; these objects are left out:');
    printInconsistencies(values, answer.inconsistent_objects ?? []);
    return 1;
  }
};

COMMANDS['metadata ic list'] = async (values) => {
  if (values.endpoint) {
    const answer = (await metadataRequest(values, { type: 'get_inconsistent_metadata', args: {} })) as {
      inconsistent_objects: InconsistentObject[];
    };
    return printInconsistencies(values, answer.inconsistent_objects);
  }
  const raw = projectMetadata(values);
  const database = await readDatabase(raw, databaseUrl(values));
  return printInconsistencies(values, resolveMetadata(raw, database).inconsistent);
};

COMMANDS['metadata ic drop'] = async (values) => {
  if (!values.endpoint) throw new Error('metadata ic drop asks a running engine: pass --endpoint URL');
  await metadataRequest(values, { type: 'drop_inconsistent_metadata', args: {} });
  console.log('inconsistent objects dropped from the metadata the engine serves (the files are unchanged)');
};

COMMANDS.serve = async (values) => {
  const { startFromEnv } = await import('./server/main.ts');
  const args = values.project ? ['--project', values.project as string] : [];
  const engine = await startFromEnv(args);
  await new Promise<void>((resolve) => {
    const stop = () => void engine.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
};

/** Registers another command (e.g. `serve`) from elsewhere in the engine. */
export function registerCommand(name: string, command: Command): void {
  COMMANDS[name] = command;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      'database-url': { type: 'string' },
      'database-name': { type: 'string' },
      version: { type: 'string' },
      steps: { type: 'string' },
      all: { type: 'boolean' },
      'skip-execution': { type: 'boolean' },
      file: { type: 'string', multiple: true },
      output: { type: 'string', short: 'o' },
      endpoint: { type: 'string' },
      'admin-secret': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const command =
    COMMANDS[positionals.slice(0, 3).join(' ')] ??
    COMMANDS[positionals.slice(0, 2).join(' ')] ??
    COMMANDS[positionals[0] ?? ''];
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const code = await command(values);
  return typeof code === 'number' ? code : 0;
}

/** Runs the CLI and exits with its status; errors print as one line without a stack. */
export function run(argv: string[]): void {
  main(argv).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`engine: ${error.message}`);
      process.exit(1);
    },
  );
}
