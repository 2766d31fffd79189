import { parseArgs } from 'node:util';
import { introspectUrl } from './catalog/introspect.ts';
import { checkMetadata } from './metadata/check.ts';
import { loadMetadataDirectory } from './metadata/load.ts';
import { loadModel } from './metadata/load-model.ts';
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
  serve                                            serve the GraphQL API (HASURA_GRAPHQL_* environment)

common options:
  --project DIR        Hasura project directory (default: hasura)
  --database-url URL   PostgreSQL URL (default: $HASURA_GRAPHQL_DATABASE_URL)
  --database-name NAME Hasura source name (default: default)`;

type Values = Record<string, string | boolean | string[] | undefined>;
type Command = (values: Values) => Promise<void>;

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
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const name = positionals.slice(0, 2).join(' ');
  const command = COMMANDS[name] ?? COMMANDS[positionals[0] ?? ''];
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  await command(values);
  return 0;
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
