import type { GraphQLObjectType } from 'graphql';
import { AGG_COLUMN_OPS } from '../model/scalars.ts';
import type { Table } from '../model/types.ts';
import { outputInfo } from '../schema/info.ts';
import { SQL, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { resolve } from './input.ts';
import { filtering, innerQuery, listQuery, type Source } from './select.ts';
import { boolSql } from './where.ts';

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
