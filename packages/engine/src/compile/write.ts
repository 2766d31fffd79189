import { type GraphQLObjectType, Kind } from 'graphql';
import { HasuraError } from '../errors.ts';
import type { Column, Preset, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { outputInfo } from '../schema/info.ts';
import { type Compiled, render, type SQL, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { Var } from './input.ts';
import type { StatementRunner } from './plan.ts';
import { listQuery, objectQuery } from './select.ts';
import type { Source } from './source.ts';

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

/**
 * Renders a write wrapped so it reports the check result and either the field's JSON (`inline`,
 * built from the written rows in the same statement) or the rows themselves for a second statement.
 */
export function writeStatement(write: SQL, inline?: SQL): Compiled {
  const output = inline
    ? sql`(${inline})::text AS root`
    : sql`(SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows`;
  return render(
    sql`WITH _m AS (${write}) SELECT ${output}, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok`,
  );
}

/** How a mutation field's JSON is made from the rows it wrote. */
export interface MutationOutput {
  /** The selection reads only columns: the JSON comes from the write statement itself (one round trip). */
  inline?: SQL;
  /** Otherwise a second statement over the written rows, so relationships see the new state. */
  statement?: Compiled;
}

const writtenRows: Source = { from: sql`_m`, filter: false };

/** True when a selection (and `returning`) reads only columns and `__typename`. */
function onlyColumns(ctx: CompileCtx, sel: Selected, type: GraphQLObjectType, response: boolean): boolean {
  return ctx
    .fields(
      type,
      { kind: Kind.SELECTION_SET, selections: sel.selections.flatMap((s) => s.selections) },
      sel.path,
    )
    .every((f) => {
      if (f.name === '__typename' || (response && f.name === 'affected_rows')) return true;
      if (response && f.name === 'returning') return onlyColumns(ctx, f, objectType(f.def!.type), false);
      return !response && outputInfo(f.def!)?.kind === 'column';
    });
}

/** Plans the output of `insert_T`/`update_T`/`delete_T` (`response`) or `_one`/`_by_pk` (`row`). */
export function mutationOutput(
  ctx: CompileCtx,
  table: Table,
  sel: Selected,
  type: GraphQLObjectType,
  kind: 'response' | 'row',
  allowInline = true,
): MutationOutput {
  if (!allowInline || !sel.selections.length || !onlyColumns(ctx, sel, type, kind === 'response'))
    return {
      statement:
        kind === 'response' ? responseStatement(ctx, table, sel, type) : rowStatement(ctx, table, sel, type),
    };
  if (kind === 'row')
    return {
      inline: sql`SELECT _q.j FROM (${objectQuery(ctx, table, TRUE_EXP, sel, type, writtenRows)}) AS _q`,
    };
  return {
    inline: sql`SELECT ${responseObject(ctx, table, sel, type, sql`(SELECT count(*) FROM _m)::integer`, writtenRows)}`,
  };
}

/** A mutation field's run function and the statements it sends (see `FieldPlan`). */
export interface MutationRun {
  run: (runner: StatementRunner) => Promise<string>;
  statements?: Compiled[];
  atomic?: boolean;
}

/** The statements `runMutation` sends for a write and its output. */
export const mutationStatements = (statement: Compiled, output: MutationOutput): Compiled[] =>
  output.inline ? [statement] : [statement, output.statement!];

/** Runs a write planned with `mutationOutput`; returns the field's JSON text. */
export async function runMutation(
  runner: StatementRunner,
  statement: Compiled,
  output: MutationOutput,
): Promise<string> {
  const [row] = await runner.run(statement);
  if (row!.ok === false) throw new HasuraError('permission-error', CHECK_FAILED);
  if (output.inline) return (row!.root as string | null) ?? 'null';
  const [result] = await runner.run(output.statement!, {
    rows: (row!.rows as string | null) ?? '[]',
    count: String(row!.n),
  });
  return (result!.root as string | null) ?? 'null';
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
  return render(
    sql`SELECT ${responseObject(ctx, table, sel, type, sql`${sql.runtime('count')}::integer`, rowsSource(table))}::text AS root`,
  );
}

/** `json_build_object` of a mutation_response selection over a source of written rows. */
function responseObject(
  ctx: CompileCtx,
  table: Table,
  sel: Selected,
  type: GraphQLObjectType,
  count: SQL,
  rows: Source,
): SQL {
  const parts: SQL[] = [];
  for (const f of ctx.subfields(sel, type)) {
    const key = sql.key(f.alias);
    if (f.name === '__typename') parts.push(sql`${key}, ${sql.key(type.name)}::text`);
    else if (f.name === 'affected_rows') parts.push(sql`${key}, ${count}`);
    else
      parts.push(
        sql`${key}, (SELECT _q.j FROM (${listQuery(ctx, table, {}, f, objectType(f.def!.type), rows)}) AS _q)`,
      );
  }
  return sql`json_build_object(${sql.join(parts)})`;
}

/** The single row a `_one`/`_by_pk` mutation returns, or null. */
export function rowStatement(
  ctx: CompileCtx,
  table: Table,
  sel: Selected,
  type: GraphQLObjectType,
): Compiled {
  return render(
    sql`SELECT (SELECT _q.j FROM (${objectQuery(ctx, table, TRUE_EXP, sel, type, rowsSource(table))}) AS _q)::text AS root`,
  );
}
