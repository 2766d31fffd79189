import type { GraphQLObjectType } from 'graphql';
import { HasuraError } from '../errors.ts';
import type { Column, Preset, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { type Compiled, render, type SQL, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { Var } from './input.ts';
import type { StatementRunner } from './plan.ts';
import { listQuery, objectQuery, type Source } from './select.ts';

/** Shared by inserts, updates and deletes: write statements, their checks and their responses. */

const CHECK_FAILED = 'check constraint of an insert/update permission has failed';

/** Rows a write statement returned: their JSON, count and whether every check passed. */
interface Written {
  rows: string;
  count: number;
}

const rowsSource = (table: Table): Source => ({
  from: sql`json_populate_recordset(NULL::${sql.ident(table.schema, table.name)}, ${sql.runtime('rows')}::json)`,
  filter: false,
});

/** Renders a write wrapped so it reports rows (JSON), count and the check result. */
export function writeStatement(write: SQL): Compiled {
  return render(
    sql`WITH _m AS (${write}) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok`,
  );
}

/** Runs a write; a failed permission check raises Hasura's permission-error (and rolls back). */
export async function runWrite(
  runner: StatementRunner,
  statement: Compiled,
  runtime?: Record<string, string | null>,
): Promise<Written> {
  const [row] = await runner.run(statement, runtime);
  if (row!.ok === false) throw new HasuraError('permission-error', CHECK_FAILED);
  return { rows: (row!.rows as string | null) ?? '[]', count: row!.n as number };
}

/** The value SQL of a column from input (a Var stays a parameter). */
export function valueSql(column: Column, value: unknown): SQL {
  const type = sql.type(column.udt, column.isArray);
  const isJson = column.scalar === 'json' || column.scalar === 'jsonb';
  if (value instanceof Var)
    return sql`${sql.variable(value.name, column.isArray ? 'array' : isJson ? 'json' : 'text')}::${type}`;
  return sql`${sql.value(isJson && !column.isArray ? JSON.stringify(value) : value)}::${type}`;
}

/** The SQL value of a permission preset (`set`): a session variable or a literal. */
export const presetSql = (column: Column, preset: Preset): SQL =>
  preset.kind === 'session'
    ? sql`${sql.session(preset.name)}::${sql.type(column.udt, column.isArray)}`
    : valueSql(column, preset.value);

/** Builds the mutation_response JSON (`affected_rows`, `returning`, `__typename`) from written rows. */
export function responseStatement(
  ctx: CompileCtx,
  table: Table,
  sel: Selected,
  type: GraphQLObjectType,
): Compiled {
  const parts: SQL[] = [];
  for (const f of ctx.subfields(sel, type, 1)) {
    const key = sql.key(f.alias);
    if (f.name === '__typename') parts.push(sql`${key}, ${sql.key(type.name)}::text`);
    else if (f.name === 'affected_rows') parts.push(sql`${key}, ${sql.runtime('count')}::integer`);
    else
      parts.push(
        sql`${key}, (SELECT _q.j FROM (${listQuery(ctx, table, {}, f, objectType(f.def!.type), rowsSource(table), 2)}) AS _q)`,
      );
  }
  return render(sql`SELECT json_build_object(${sql.join(parts)})::text AS root`);
}

/** The single row a `_one`/`_by_pk` mutation returns, or null. */
export function rowStatement(
  ctx: CompileCtx,
  table: Table,
  sel: Selected,
  type: GraphQLObjectType,
): Compiled {
  return render(
    sql`SELECT (SELECT _q.j FROM (${objectQuery(ctx, table, TRUE_EXP, sel, type, rowsSource(table), 1)}) AS _q)::text AS root`,
  );
}
