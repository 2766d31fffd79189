import type { GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { validationError } from '../errors.ts';
import type { BoolExp, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { outputInfo } from '../schema/info.ts';
import { type SQL, sql } from '../sql/sql.ts';
import { aggregateQuery } from './aggregate.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { resolve, Var } from './input.ts';
import { type OrderItem, orderItems } from './order.ts';
import { boolSql, computedCall, permSql, whereFromInput } from './where.ts';

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

interface Shape {
  /** Inner projections (over `_b` aliases), by output column name. */
  inner: Map<string, SQL>;
  /** Output columns, aliased by the GraphQL alias: the row whose JSON is the object. */
  row: SQL;
  laterals: SQL[];
}

/** Builds the row JSON of a table type and what the inner query must project for it. */
function shape(
  ctx: CompileCtx,
  table: Table,
  fields: Selected[],
  b: string,
  t: string,
  hidden: Array<[string, string]> = [],
): Shape {
  const inner = new Map<string, SQL>();
  const parts: SQL[] = [];
  const laterals: SQL[] = [];
  const select = ctx.t.perms(table).select;
  const column = (name: string) => {
    if (!inner.has(name)) {
      const filter = select?.columnFilters?.get(name);
      const raw = sql`${sql.ident(b, name)}`;
      inner.set(
        name,
        filter
          ? sql`CASE WHEN ${boolSql(ctx, filter, { alias: b, root: b })} THEN ${raw} ELSE NULL END`
          : raw,
      );
    }
    return sql`${sql.ident(t, name)}`;
  };
  for (const f of fields) {
    const as = sql`AS ${sql.ident(f.alias)}`;
    if (f.name === '__typename') {
      parts.push(sql`${sql.key(table.gqlName)}::text ${as}`);
      continue;
    }
    const meta = outputInfo(f.def!);
    if (!meta) throw new Error(`no engine info for ${f.name}`);
    if (meta.kind === 'column') {
      const args = ctx.args(f);
      const path = args.path === undefined ? undefined : resolve(ctx, args.path);
      if (typeof path === 'string')
        parts.push(sql`(${column(meta.column.name)} #> ${sql.value(jsonPath(path, f.path))}::text[]) ${as}`);
      else parts.push(sql`${column(meta.column.name)} ${as}`);
    } else if (meta.kind === 'computed') {
      const field = meta.field;
      if (!field.returnsTable) {
        const key = `__cf_${field.name}`;
        inner.set(key, computedCall(field, b));
        parts.push(sql`${sql.ident(t, key)} ${as}`);
        continue;
      }
      inner.set('__row', sql`${sql.ident(b)}`);
      const l = ctx.alias('_l');
      const from: Source = {
        from: sql`${sql.ident(field.schema, field.fn)}(${sql.ident(t, '__row')})`,
        filter: true,
      };
      const type = objectType(f.def!.type);
      const q = field.returnsSet
        ? listQuery(ctx, field.returnsTable, ctx.args(f), f, type, from)
        : objectQuery(ctx, field.returnsTable, TRUE_EXP, f, type, from);
      laterals.push(sql`LEFT JOIN LATERAL (${q}) AS ${sql.ident(l)} ON true`);
      parts.push(sql`${sql.ident(l, 'j')} ${as}`);
    } else if (meta.kind === 'rel' || meta.kind === 'rel_aggregate') {
      const rel = meta.rel;
      for (const [local] of rel.mapping) column(local);
      const l = ctx.alias('_l');
      const src = tableSource(rel.target, relJoin(rel.mapping, t));
      const type = objectType(f.def!.type);
      let q: SQL;
      if (meta.kind === 'rel_aggregate') q = aggregateQuery(ctx, rel.target, ctx.args(f), f, type, src);
      else if (rel.kind === 'object') q = objectQuery(ctx, rel.target, TRUE_EXP, f, type, src);
      else q = listQuery(ctx, rel.target, ctx.args(f), f, type, src);
      laterals.push(sql`LEFT OUTER JOIN LATERAL (${q}) AS ${sql.ident(l)} ON true`);
      parts.push(sql`${sql.ident(l, 'j')} ${as}`);
    } else throw validationError(`field '${f.name}' cannot be selected here`, f.path);
  }
  for (const [alias, name] of hidden) parts.push(sql`${column(name)} AS ${sql.ident(alias)}`);
  const row = sql.join(parts);
  return { inner, row, laterals };
}

/** Hasura's JSON `path` argument (`$.a.b[0]` or `a.b`) as a PostgreSQL text array. */
function jsonPath(path: string, where: string): string[] {
  const body = path.replace(/^\$\.?/, '');
  if (!body) return [];
  const out: string[] = [];
  for (const part of body.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) throw validationError(`invalid json path: ${path}`, where);
    if (m[1]) out.push(m[1]);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) out.push(idx[1]!);
  }
  return out;
}

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

/** A JSON array of rows (`T`, array relationships): `SELECT ... AS j`. */
export function listQuery(
  ctx: CompileCtx,
  table: Table,
  args: Record<string, unknown>,
  f: Selected,
  type: GraphQLObjectType,
  src: Source,
  /** Extra output columns the client did not ask for (the cursor of a stream), as [alias, column]. */
  hidden: Array<[string, string]> = [],
): SQL {
  const b = ctx.alias('_b');
  const t = ctx.alias('_t');
  const fl = filtering(ctx, table, args, f, src, b, true);
  const s = shape(ctx, table, ctx.subfields(f, type), b, t, hidden);
  // json_agg of whole rows is markedly faster than a per-row row_to_json(subselect). It keeps the
  // inner ORDER BY: the subquery is sorted and limited first, and LATERAL joins are nested loops
  // that preserve the outer order.
  return sql`SELECT coalesce(json_agg(${sql.ident('_r')}), '[]') AS ${sql.ident('j')} FROM (SELECT ${s.row} FROM (${innerQuery(ctx, s.inner, src, b, fl)}) AS ${sql.ident(t)}${laterals(s)}) AS ${sql.ident('_r')}`;
}

const laterals = (s: Shape) => (s.laterals.length ? sql` ${sql.join(s.laterals, sql` `)}` : sql``);

/** At most one row as a JSON object (`T_by_pk`, object relationships): zero rows when none. */
export function objectQuery(
  ctx: CompileCtx,
  table: Table,
  where: BoolExp,
  f: Selected,
  type: GraphQLObjectType,
  src: Source,
): SQL {
  const b = ctx.alias('_b');
  const t = ctx.alias('_t');
  const conds: SQL[] = [];
  if (src.filter) conds.push(permSql(ctx, table, { alias: b, root: b }));
  conds.push(boolSql(ctx, where, { alias: b, root: b }));
  if (src.join) conds.push(src.join(b));
  const fl: Filtering = {
    where: sql.join(conds, sql` AND `),
    order: [],
    joins: [],
    distinct: null,
    limit: null,
    offset: null,
  };
  const s = shape(ctx, table, ctx.subfields(f, type), b, t);
  return sql`SELECT row_to_json(${sql.ident('_r')}) AS ${sql.ident('j')} FROM (SELECT ${s.row} FROM (${innerQuery(ctx, s.inner, src, b, fl, 1)}) AS ${sql.ident(t)}${laterals(s)}) AS ${sql.ident('_r')}`;
}
