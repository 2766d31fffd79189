import { validationError } from '../errors.ts';
import { AGG_COLUMN_OPS } from '../model/scalars.ts';
import type { Table } from '../model/types.ts';
import { type SQL, sql } from '../sql/sql.ts';
import type { CompileCtx } from './context.ts';
import { resolve } from './input.ts';
import { computedCall, permSql } from './where.ts';

/** One ORDER BY term over the row alias; `column` is set for plain columns (distinct_on check). */
export interface OrderItem {
  expr: SQL;
  dir: SQL;
  column?: string;
}

/** ORDER BY terms plus the LEFT JOINs that ordering through object relationships needs. */
export interface Ordering {
  items: OrderItem[];
  joins: SQL[];
}

const DIRECTIONS: Record<string, SQL> = {
  asc: sql`ASC NULLS LAST`,
  asc_nulls_last: sql`ASC NULLS LAST`,
  asc_nulls_first: sql`ASC NULLS FIRST`,
  desc: sql`DESC NULLS FIRST`,
  desc_nulls_first: sql`DESC NULLS FIRST`,
  desc_nulls_last: sql`DESC NULLS LAST`,
};

const AGGS = new Set<string>(AGG_COLUMN_OPS);

/** Compiles an `order_by` value (object or list of objects) into ORDER BY terms over `alias`. */
export function orderItems(
  ctx: CompileCtx,
  table: Table,
  value: unknown,
  alias: string,
  path: string,
): Ordering {
  const out: Ordering = { items: [], joins: [] };
  const joined = new Map<string, string>();
  const list = Array.isArray(value) ? value : [value];
  list.forEach((obj, i) => {
    if (obj === null)
      throw validationError(`unexpected null value for type '${table.gqlName}_order_by'`, `${path}[${i}]`);
    walk(ctx, table, obj as Record<string, unknown>, alias, `${path}[${i}]`, out, joined, true);
  });
  return out;
}

function dir(ctx: CompileCtx, v: unknown, path: string): SQL {
  const d = DIRECTIONS[String(resolve(ctx, v))];
  if (!d) throw validationError(`unexpected null value for type 'order_by'`, path);
  return d;
}

function walk(
  ctx: CompileCtx,
  table: Table,
  obj: Record<string, unknown>,
  alias: string,
  path: string,
  out: Ordering,
  joined: Map<string, string>,
  top: boolean,
) {
  for (const [key, value] of Object.entries(obj)) {
    const here = `${path}.${key}`;
    if (value === null || value === undefined) continue;
    const column = table.columns.find((c) => c.gqlName === key);
    if (column) {
      out.items.push({
        expr: sql`${sql.ident(alias, column.name)}`,
        dir: dir(ctx, value, here),
        column: top ? column.name : undefined,
      });
      continue;
    }
    const computed = table.computed.get(key);
    if (computed) {
      out.items.push({ expr: computedCall(computed, alias), dir: dir(ctx, value, here) });
      continue;
    }
    const rel = table.relationships.get(key);
    if (rel && rel.kind === 'object') {
      // A LEFT JOIN (not a subquery per row) lets PostgreSQL hash-join large tables; one join per
      // relationship path however many of its columns are used.
      const joinKey = `${alias}.${rel.name}`;
      let o = joined.get(joinKey);
      if (!o) {
        o = ctx.alias('_o');
        joined.set(joinKey, o);
        const on = sql.join(
          rel.mapping.map(([l, r]) => sql`${sql.ident(o!, r)} = ${sql.ident(alias, l)}`),
          sql` AND `,
        );
        out.joins.push(
          sql` LEFT OUTER JOIN ${sql.ident(rel.target.schema, rel.target.name)} AS ${sql.ident(o)} ON ${on} AND ${permSql(ctx, rel.target, { alias: o, root: o })}`,
        );
      }
      walk(ctx, rel.target, value as Record<string, unknown>, o, here, out, joined, false);
      continue;
    }
    const aggRel = key.endsWith('_aggregate')
      ? table.relationships.get(key.slice(0, -'_aggregate'.length))
      : undefined;
    if (aggRel && aggRel.kind === 'array') {
      for (const [op, inner] of Object.entries(value as Record<string, unknown>)) {
        const o = ctx.alias('_o');
        const join = sql.join(
          aggRel.mapping.map(([l, r]) => sql`${sql.ident(o, r)} = ${sql.ident(alias, l)}`),
          sql` AND `,
        );
        const from = sql`FROM ${sql.ident(aggRel.target.schema, aggRel.target.name)} AS ${sql.ident(o)} WHERE ${join} AND ${permSql(ctx, aggRel.target, { alias: o, root: o })}`;
        if (op === 'count')
          out.items.push({ expr: sql`(SELECT count(*) ${from})`, dir: dir(ctx, inner, `${here}.count`) });
        else if (AGGS.has(op))
          for (const [colName, d] of Object.entries(inner as Record<string, unknown>)) {
            const col = aggRel.target.columns.find((c) => c.gqlName === colName)!;
            out.items.push({
              expr: sql`(SELECT ${sql.ident(op)}(${sql.ident(o, col.name)}) ${from})`,
              dir: dir(ctx, d, `${here}.${op}.${colName}`),
            });
          }
      }
      continue;
    }
    throw validationError(`field '${key}' not found in type: '${table.gqlName}_order_by'`, here);
  }
}
