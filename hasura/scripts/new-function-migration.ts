/**
 * A new migration from edited function files: after changing `hasura/functions/<name>.sql` (or
 * adding one), this writes `hasura/migrations/default/<unix-ms>_<verb_object>/` whose up is the
 * files as they are now and whose down is the same files as the last commit has them (a function
 * new since then is dropped). Migrations are history and never change; the files are the live
 * bodies, and `hasura/tests/functions.test.ts` checks the migrated database holds exactly them.
 *
 *   npx tsx hasura/scripts/new-function-migration.ts <verb_object> <function> [<function>...]
 *
 * A change `create or replace` cannot make (another return type, a renamed argument) needs a
 * `drop function` first: add it to the up by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_DIR } from './live-functions.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS_DIR = path.join(ROOT, 'hasura', 'migrations', 'default');

/** The file as the last commit has it, or null for a function new since then. */
function committedText(name: string): string | null {
  const relative = path
    .relative(ROOT, path.join(FUNCTIONS_DIR, `${name}.sql`))
    .split(path.sep)
    .join('/');
  try {
    return execFileSync('git', ['show', `HEAD:${relative}`], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  } catch {
    return null;
  }
}

function main(args: string[]) {
  const [migrationName, ...names] = args;
  if (!migrationName || !/^[a-z]+(_[a-z0-9]+)+$/.test(migrationName) || names.length === 0) {
    console.error('usage: new-function-migration.ts <verb_object> <function> [<function>...]');
    process.exit(2);
  }
  const up: string[] = [];
  const down: string[] = [];
  for (const name of names) {
    const file = path.join(FUNCTIONS_DIR, `${name}.sql`);
    if (!existsSync(file)) {
      console.error(`no file ${path.relative(ROOT, file)}: write the function's new definition there first`);
      process.exit(2);
    }
    up.push(readFileSync(file, 'utf8').trimEnd());
    down.push(committedText(name)?.trimEnd() ?? `drop function public.${name};`);
  }
  const dir = path.join(MIGRATIONS_DIR, `${Date.now()}_${migrationName}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'up.sql'), `${up.join('\n\n')}\n`);
  writeFileSync(path.join(dir, 'down.sql'), `${down.reverse().join('\n\n')}\n`);
  console.log(`wrote ${path.relative(ROOT, dir)}/{up,down}.sql`);
}

main(process.argv.slice(2));
