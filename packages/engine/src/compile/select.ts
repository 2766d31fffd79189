import type { GraphQLObjectType } from 'graphql';
import { validationError } from '../errors.ts';
import { AGG_COLUMN_OPS } from '../model/scalars.ts';
import type { BoolExp, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { outputInfo } from '../schema/info.ts';
import { SQL, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { resolve } from './input.ts';
import { type Filtering, filtering, innerQuery, relJoin, type Source, tableSource } from './source.ts';
import { boolSql, computedCall, permSql } from './where.ts';

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

/** Each aggregate's SQL function: the same name, from a fixed list (never from a request). */
const AGG_FN = new Map<string, SQL>(AGG_COLUMN_OPS.map((op) => [op, new SQL([op])]));

/** `T_aggregate`: `{aggregate {...}, nodes [...]}`; the permission limit caps only `nodes`. */
export function aggregateQuery(
  ctx: CompileCtx,
  table: Table,
  args: Record<string, unknown>,
  f: Selected,
  type: GraphQLObjectType,
  src: Source,
): SQL {
  const parts: SQL[] = [];
  for (const sub of ctx.subfields(f, type)) {
    const key = sql.key(sub.alias);
    if (sub.name === '__typename') parts.push(sql`${key}, ${sql.key(type.name)}::text`);
    else if (sub.name === 'nodes')
      parts.push(
        sql`${key}, (SELECT ${sql.ident('_n', 'j')} FROM (${listQuery(ctx, table, args, sub, objectType(sub.def!.type), src)}) AS ${sql.ident('_n')})`,
      );
    else if (sub.name === 'aggregate') {
      const b = ctx.alias('_b');
      const a = ctx.alias('_a');
      const fl = filtering(ctx, table, args, f, src, b, false);
      const aggType = objectType(sub.def!.type);
      const fields: SQL[] = [];
      for (const g of ctx.subfields(sub, aggType)) {
        const gk = sql.key(g.alias);
        if (g.name === '__typename') fields.push(sql`${gk}, ${sql.key(aggType.name)}::text`);
        else if (g.name === 'count') {
          const cargs = ctx.args(g);
          const columns = (resolve(ctx, cargs.columns) as string[] | undefined) ?? [];
          const distinct = resolve(ctx, cargs.distinct) === true ? sql`DISTINCT ` : sql``;
          const target =
            columns.length === 0
              ? sql`*`
              : columns.length === 1
                ? sql`${distinct}${sql.ident(a, columns[0]!)}`
                : sql`${distinct}(${sql.join(columns.map((c) => sql`${sql.ident(a, c)}`))})`;
          fields.push(sql`${gk}, count(${columns.length ? target : sql`*`})`);
        } else {
          const opType = objectType(g.def!.type);
          const cols: SQL[] = [];
          for (const c of ctx.subfields(g, opType)) {
            if (c.name === '__typename') cols.push(sql`${sql.key(c.alias)}, ${sql.key(opType.name)}::text`);
            else {
              const meta = outputInfo(c.def!);
              if (meta?.kind !== 'column') throw new Error('unreachable');
              cols.push(sql`${sql.key(c.alias)}, ${AGG_FN.get(g.name)!}(${sql.ident(a, meta.column.name)})`);
            }
          }
          fields.push(sql`${gk}, json_build_object(${sql.join(cols)})`);
        }
      }
      // Inherited roles: a cell hidden by the role's parents is NULL for aggregates too.
      const hidden = ctx.t.perms(table).select?.columnFilters;
      const all = new Map(
        table.columns.map((c) => {
          const raw = sql`${sql.ident(b, c.name)}`;
          const filter = hidden?.get(c.name);
          return [
            c.name,
            filter
              ? sql`CASE WHEN ${boolSql(ctx, filter, { alias: b, root: b })} THEN ${raw} ELSE NULL END`
              : raw,
          ];
        }),
      );
      parts.push(
        sql`${key}, (SELECT json_build_object(${sql.join(fields)}) FROM (${innerQuery(ctx, all, src, b, fl)}) AS ${sql.ident(a)})`,
      );
    }
  }
  return sql`SELECT json_build_object(${sql.join(parts)}) AS ${sql.ident('j')}`;
}
