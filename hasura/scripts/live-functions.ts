/**
 * The live SQL functions of a database and their home in `hasura/functions/<name>.sql`: what the
 * database holds (PostgreSQL's own rendering, `pg_get_functiondef`, and the function's comment),
 * and the text of each file. `write-function-files.ts` writes the files from a migrated database;
 * `hasura/tests/functions.test.ts` checks that the migrated database holds exactly them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** `hasura/functions/`: one file per function name of the `public` schema. */
export const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../functions');

/**
 * Every function and procedure of `public` (not those an extension brings), per name: the text
 * its file holds, each overload's `CREATE OR REPLACE` statement (then its comment) in signature
 * order.
 */
export async function liveFunctionFiles(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; statement: string; comment: string | null }>(`
    select p.proname as name, pg_get_functiondef(p.oid) as statement,
           'comment on function ' || p.oid::regprocedure::text || ' is '
             || quote_literal(obj_description(p.oid, 'pg_proc')) as comment
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     order by p.proname, p.oid::regprocedure::text`);
  const files = new Map<string, string>();
  for (const row of rows) {
    const text = `${row.statement.trimEnd()};\n${row.comment ? `${row.comment};\n` : ''}`;
    const before = files.get(row.name);
    files.set(row.name, before === undefined ? text : `${before}\n${text}`);
  }
  return files;
}

/** The files of `hasura/functions/`, by function name (the file name without `.sql`). */
export function functionFiles(dir = FUNCTIONS_DIR): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.sql'))
      files.set(name.slice(0, -'.sql'.length), readFileSync(path.join(dir, name), 'utf8'));
  }
  return files;
}

/** A function file's text as compared: line endings and trailing white space do not count. */
export function normaliseFunctionText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}
