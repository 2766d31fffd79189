/**
 * Squashes every migration into one baseline: `npx tsx hasura/scripts/squash-migrations.ts <dump.sql>`.
 *
 * <dump.sql> is `pg_dump --schema=public --no-owner --no-privileges --inserts --rows-per-insert=100`
 * of a database migrated to the last migration, by a pg_dump no newer than the oldest PostgreSQL we
 * support (15), so the baseline holds no newer syntax. The baseline takes the last migration's
 * version, so a database that applied every migration counts it as applied; the older directories
 * are removed (git keeps them). Why and when: docs/decisions/data-model.md ("A baseline, not fifty
 * migrations").
 */
import fs from 'node:fs';
import path from 'node:path';

const migrationsDir = path.resolve(import.meta.dirname, '../migrations/default');
const BASELINE_NAME = 'create_baseline_schema';

/** pg_dump's session settings: a migration runs in the engine's (or Hasura's) transaction instead. */
const SESSION_LINE = /^(SET \w+ = .*;|SELECT pg_catalog\.set_config\('search_path'.*;|\\(un)?restrict .*)$/;
const HEADER = /^-- (?:Data for )?Name: (.+); Type: ([A-Z ]+); Schema: [^;]+; Owner: -$/;

interface DumpObject {
  name: string;
  type: string;
  sql: string;
}

/** The dump as its objects, each with pg_dump's name and type and its statements. */
export function readDump(dump: string): DumpObject[] {
  const objects: DumpObject[] = [];
  const lines = dump.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = HEADER.exec(lines[i]!);
    if (header) {
      objects.push({ name: header[1]!, type: header[2]!, sql: '' });
      i++; // the closing "--" of the header
      continue;
    }
    const current = objects.at(-1);
    if (!current || lines[i] === '--' || SESSION_LINE.test(lines[i]!) || lines[i]!.startsWith('-- '))
      continue;
    current.sql += `${lines[i]}\n`;
  }
  return objects.map((o) => ({ ...o, sql: o.sql.trim() })).filter((o) => o.sql !== '');
}

/** The objects a baseline keeps: not the public schema (it exists) nor no-op sequence settings. */
function kept(object: DumpObject): boolean {
  if (object.type === 'SCHEMA' || (object.type === 'COMMENT' && object.name === 'SCHEMA public'))
    return false;
  return !(object.type === 'SEQUENCE SET' && /, 1, false\);$/.test(object.sql));
}

export function baselineUp(objects: DumpObject[], extensions: string[]): string {
  const parts = [
    '-- The schema as fifty migrations had made it by this version, squashed into one',
    '-- (docs/decisions/data-model.md, "A baseline, not fifty migrations"; written by',
    '-- hasura/scripts/squash-migrations.ts from pg_dump). The live body of each function is also',
    '-- in hasura/functions/<name>.sql; later changes are later migrations.',
    '',
    ...extensions.map((e) => `create extension if not exists ${e} with schema public;`),
    '-- SQL-language functions refer to tables made further down.',
    'set local check_function_bodies = false;',
  ];
  for (const object of objects.filter(kept))
    parts.push('', `-- ${object.type.toLowerCase()} ${object.name}`, object.sql);
  return `${parts.join('\n')}\n`;
}

export function baselineDown(objects: DumpObject[], extensions: string[]): string {
  const names = (type: string) => objects.filter((o) => o.type === type).map((o) => o.name);
  const lines = ['-- Undoes the baseline: every object it made, then its extensions.'];
  for (const view of names('VIEW')) lines.push(`drop view if exists public.${view} cascade;`);
  for (const table of names('TABLE')) lines.push(`drop table if exists public.${table} cascade;`);
  for (const fn of names('FUNCTION')) lines.push(`drop function if exists public.${fn} cascade;`);
  for (const type of names('TYPE')) lines.push(`drop type if exists public.${type} cascade;`);
  lines.push(`drop extension if exists ${[...extensions].reverse().join(', ')};`);
  return `${lines.join('\n')}\n`;
}

function main(dumpPath: string, extensions: string[]): void {
  const objects = readDump(fs.readFileSync(dumpPath, 'utf8'));
  const dirs = fs
    .readdirSync(migrationsDir)
    .filter((d) => /^\d{13}_/.test(d))
    .sort();
  const last = dirs.at(-1);
  if (!last) throw new Error(`no migrations in ${migrationsDir}`);
  const baseline = path.join(migrationsDir, `${last.slice(0, 13)}_${BASELINE_NAME}`);
  for (const dir of dirs) fs.rmSync(path.join(migrationsDir, dir), { recursive: true });
  fs.mkdirSync(baseline);
  fs.writeFileSync(path.join(baseline, 'up.sql'), baselineUp(objects, extensions));
  fs.writeFileSync(path.join(baseline, 'down.sql'), baselineDown(objects, extensions));
  console.log(`${dirs.length} migrations -> ${path.relative(process.cwd(), baseline)}`);
}

if (process.argv[1] === import.meta.filename) {
  const [dumpPath, ...extensions] = process.argv.slice(2);
  if (!dumpPath) {
    console.error('usage: squash-migrations.ts <dump.sql> [extension...]   (e.g. citext pg_trgm)');
    process.exit(2);
  }
  main(dumpPath, extensions.length > 0 ? extensions : ['citext', 'pg_trgm']);
}
