import { validationError } from '../errors.ts';
import type { Table } from '../model/types.ts';
import { render, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { resolve, Var } from './input.ts';
import { type FieldPlan, STREAM_CURSOR } from './plan.ts';
import { listQuery } from './select.ts';
import { tableSource } from './source.ts';

/** Output key carrying each row's cursor value (stripped before rows reach the client). */
export const CURSOR_KEY = '__cursor';

/**
 * `T_stream(batch_size, cursor, where)`: rows after the subscriber's cursor, ordered by the
 * cursor column, at most `batch_size` per push. The cursor is a per-cohort parameter so streams
 * are multiplexed like live queries.
 */
export function compileStream(ctx: CompileCtx, table: Table, sel: Selected): FieldPlan {
  const args = ctx.args(sel);
  const cursors = (resolve(ctx, args.cursor) as unknown[])
    .map((c) => resolve(ctx, c))
    .filter((c) => c !== null);
  if (cursors.length !== 1)
    throw validationError(
      'one cursor column is expected for a streaming subscription',
      `${sel.path}.args.cursor`,
    );
  const cursor = cursors[0] as { initial_value: unknown; ordering?: unknown };
  const initial = resolve(ctx, cursor.initial_value) as Record<string, unknown>;
  const keys = Object.keys(initial);
  if (keys.length !== 1)
    throw validationError(
      'exactly one cursor column is supported in initial_value',
      `${sel.path}.args.cursor.initial_value`,
    );
  const column = table.columns.find((c) => c.gqlName === keys[0])!;
  const descending = resolve(ctx, cursor.ordering) === 'DESC';
  const value = initial[keys[0]!];
  const after = (alias: string) =>
    sql`${sql.ident(alias, column.name)} ${descending ? sql`<` : sql`>`} ${sql.variable(STREAM_CURSOR, 'text')}::${sql.type(column.udt)}`;
  const listArgs = {
    where: args.where,
    limit: args.batch_size,
    order_by: { [column.gqlName]: descending ? 'desc' : 'asc' },
  };
  const q = listQuery(ctx, table, listArgs, sel, objectType(sel.def!.type), tableSource(table, after), [
    [CURSOR_KEY, column.name],
  ]);
  const statement = sql`SELECT (SELECT _q.j FROM (${q}) AS _q)::text AS root`;
  return {
    kind: 'query',
    alias: sel.alias,
    sql: statement,
    statement: render(statement),
    stream: { initial: value instanceof Var ? { variable: value.name } : { value } },
  };
}
