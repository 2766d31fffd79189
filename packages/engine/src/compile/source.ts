import type { GraphQLInputObjectType } from 'graphql';
import { validationError } from '../errors.ts';
import type { Table } from '../model/types.ts';
import { type SQL, sql } from '../sql/sql.ts';
import type { CompileCtx, Selected } from './context.ts';
import { resolve, Var } from './input.ts';
import { type OrderItem, orderItems } from './order.ts';
import { boolSql, permSql, whereFromInput } from './where.ts';

/** Where rows come from: a table, or the rows a mutation returned; plus the join to a parent row. */
export interface Source {
  from: SQL;
  /** Condition linking the row alias to its parent (relationships). */
  join?: (alias: string) => SQL;
  /** Apply the role's select filter (not for mutation output, like Hasura). */
  filter: boolean;
}

/** Rows of a tracked table, optionally joined to a parent row. */
export const tableSource = (table: Table, join?: Source['join']): Source => ({
  from: sql`${sql.ident(table.schema, table.name)}`,
  join,
  filter: true,
});

/** Join condition for a relationship from the parent row alias. */
export const relJoin = (mapping: Array<[string, string]>, parent: string) => (alias: string) =>
  sql.join(
    mapping.map(([local, remote]) => sql`${sql.ident(alias, remote)} = ${sql.ident(parent, local)}`),
    sql` AND `,
  );

/** WHERE, ORDER BY, DISTINCT ON and LIMIT/OFFSET of one select. */
export interface Filtering {
  where: SQL;
  order: OrderItem[];
  /** LEFT JOINs the ordering needs (object relationships). */
  joins: SQL[];
  distinct: string[] | null;
  limit: SQL | null;
  offset: SQL | null;
}

/** Applies permission filter, user `where`, join, order_by, distinct_on, limits. */
export function filtering(
  ctx: CompileCtx,
  table: Table,
  args: Record<string, unknown>,
  f: Selected,
  src: Source,
  b: string,
  permLimit: boolean,
): Filtering {
  const conds: SQL[] = [];
  if (src.filter) conds.push(permSql(ctx, table, { alias: b, root: b }));
  if (args.where !== undefined && args.where !== null) {
    const whereType = f.def!.args.find((a) => a.name === 'where')!.type as GraphQLInputObjectType;
    conds.push(
      boolSql(ctx, whereFromInput(ctx, args.where, whereType, `${f.path}.args.where`), { alias: b, root: b }),
    );
  }
  if (src.join) conds.push(src.join(b));
  const ordering =
    args.order_by === undefined || args.order_by === null
      ? { items: [], joins: [] }
      : orderItems(ctx, table, resolve(ctx, args.order_by), b, `${f.path}.args.order_by`);
  const order = ordering.items;
  const distinctRaw =
    args.distinct_on === undefined || args.distinct_on === null
      ? null
      : (resolve(ctx, args.distinct_on) as string[]);
  const distinct = distinctRaw?.length ? distinctRaw : null;
  if (distinct && order.length) {
    const initial = order.slice(0, distinct.length).map((o) => o.column);
    if (initial.length < distinct.length || !distinct.every((c) => initial.includes(c)))
      throw validationError('"distinct_on" columns must match initial "order_by" columns', `${f.path}.args`);
  }
  const perm = permLimit ? (ctx.t.perms(table).select?.limit ?? null) : null;
  let limit: SQL | null = null;
  const user = args.limit;
  if (user instanceof Var)
    limit =
      perm === null
        ? sql`${sql.variable(user.name, 'text')}::integer`
        : sql`LEAST(${sql.variable(user.name, 'text')}::integer, ${sql.int(perm)})`;
  else if (typeof user === 'number') limit = sql.int(perm === null ? user : Math.min(user, perm));
  else if (perm !== null) limit = sql.int(perm);
  const off = args.offset;
  const offset =
    off instanceof Var
      ? sql`${sql.variable(off.name, 'text')}::integer`
      : typeof off === 'number'
        ? sql.int(off)
        : null;
  return {
    where: conds.length ? sql.join(conds, sql` AND `) : sql`true`,
    order,
    joins: ordering.joins,
    distinct,
    limit,
    offset,
  };
}

/** The sorted, filtered, limited row source that the JSON is built from. */
export function innerQuery(
  _ctx: CompileCtx,
  projections: Map<string, SQL>,
  src: Source,
  b: string,
  fl: Filtering,
  forceLimit?: number,
): SQL {
  const cols = [...projections.entries()].map(([name, expr]) => sql`${expr} AS ${sql.ident(name)}`);
  // DISTINCT ON needs its ORDER BY expressions in the select list.
  if (fl.distinct)
    fl.order.forEach((o, i) => {
      cols.push(sql`${o.expr} AS ${sql.ident(`__ob_${i}`)}`);
    });
  if (!cols.length) cols.push(sql`1 AS ${sql.ident('__one')}`);
  const distinct = fl.distinct
    ? sql`DISTINCT ON (${sql.join(fl.distinct.map((c) => sql`${sql.ident(b, c)}`))}) `
    : sql``;
  const orderBy = fl.order.length
    ? sql` ORDER BY ${sql.join(fl.order.map((o) => sql`${o.expr} ${o.dir}`))}`
    : fl.distinct
      ? sql` ORDER BY ${sql.join(fl.distinct.map((c) => sql`${sql.ident(b, c)}`))}`
      : sql``;
  const limit =
    forceLimit !== undefined
      ? sql` LIMIT ${sql.int(forceLimit)}`
      : fl.limit
        ? sql` LIMIT ${fl.limit}`
        : sql``;
  const offset = fl.offset ? sql` OFFSET ${fl.offset}` : sql``;
  return sql`SELECT ${distinct}${sql.join(cols)} FROM ${src.from} AS ${sql.ident(b)}${sql.join(fl.joins, sql``)} WHERE ${fl.where}${orderBy}${limit}${offset}`;
}
