import type { BoolExp, ComputedField, Operand, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';

export { whereFromInput } from './where-input.ts';

import { FALSE, type SQL, sql, TRUE } from '../sql/sql.ts';
import type { CompileCtx } from './context.ts';

const BINARY: Record<string, SQL> = {
  _eq: sql`=`,
  _neq: sql`<>`,
  _gt: sql`>`,
  _lt: sql`<`,
  _gte: sql`>=`,
  _lte: sql`<=`,
  _like: sql`LIKE`,
  _nlike: sql`NOT LIKE`,
  _ilike: sql`ILIKE`,
  _nilike: sql`NOT ILIKE`,
  _similar: sql`SIMILAR TO`,
  _nsimilar: sql`NOT SIMILAR TO`,
  _regex: sql`~`,
  _nregex: sql`!~`,
  _iregex: sql`~*`,
  _niregex: sql`!~*`,
  _contains: sql`@>`,
  _contained_in: sql`<@`,
  _has_key: sql`?`,
  _has_keys_any: sql`?|`,
  _has_keys_all: sql`?&`,
};
/** Operators whose selectivity depends on the pattern's value: their statements plan with values. */
const PATTERN = new Set([
  '_like',
  '_nlike',
  '_ilike',
  '_nilike',
  '_similar',
  '_nsimilar',
  '_regex',
  '_nregex',
  '_iregex',
  '_niregex',
]);
/** Operators whose operand is text whatever the column's type. */
const TEXT_OPERAND = new Set([...PATTERN, '_has_key']);

/** Scope of a boolean expression: the row alias, and the alias of the permission's root table. */
export interface Scope {
  alias: string;
  root: string;
}

/** Compiles a boolean expression against the row `scope.alias`. */
export function boolSql(ctx: CompileCtx, exp: BoolExp, scope: Scope): SQL {
  switch (exp.kind) {
    case 'and':
      return exp.items.length
        ? sql`(${sql.join(
            exp.items.map((e) => boolSql(ctx, e, scope)),
            sql` AND `,
          )})`
        : TRUE;
    case 'or':
      return exp.items.length
        ? sql`(${sql.join(
            exp.items.map((e) => boolSql(ctx, e, scope)),
            sql` OR `,
          )})`
        : FALSE;
    case 'not':
      return sql`(NOT ${boolSql(ctx, exp.item, scope)})`;
    case 'rel': {
      const a = ctx.alias('_r');
      const join = sql.join(
        exp.rel.mapping.map(
          ([local, remote]) => sql`${sql.ident(a, remote)} = ${sql.ident(scope.alias, local)}`,
        ),
        sql` AND `,
      );
      const inner = { alias: a, root: scope.root };
      const perm = exp.targetPerms === false ? TRUE : permSql(ctx, exp.rel.target, inner);
      return sql`EXISTS (SELECT 1 FROM ${sql.ident(exp.rel.target.schema, exp.rel.target.name)} AS ${sql.ident(a)} WHERE ${join} AND ${perm} AND ${boolSql(ctx, exp.where, inner)})`;
    }
    case 'aggregate': {
      const a = ctx.alias('_r');
      const join = sql.join(
        exp.rel.mapping.map(
          ([local, remote]) => sql`${sql.ident(a, remote)} = ${sql.ident(scope.alias, local)}`,
        ),
        sql` AND `,
      );
      const inner = { alias: a, root: scope.root };
      const distinct = exp.distinct ? sql`DISTINCT ` : sql``;
      const cols = exp.columns.map((c) => sql`${sql.ident(a, c)}`);
      // Several columns are counted as one row value: count(DISTINCT (a, b)).
      const target =
        cols.length === 0
          ? sql`*`
          : cols.length === 1
            ? sql`${distinct}${cols[0]!}`
            : sql`${distinct}(${sql.join(cols)})`;
      const fn = exp.fn === 'count' ? sql`count` : exp.fn === 'bool_and' ? sql`bool_and` : sql`bool_or`;
      const udt = exp.fn === 'count' ? 'int8' : 'bool';
      const value = sql`(SELECT ${fn}(${target}) FROM ${sql.ident(exp.rel.target.schema, exp.rel.target.name)} AS ${sql.ident(a)} WHERE ${join} AND ${permSql(ctx, exp.rel.target, inner)} AND ${boolSql(ctx, exp.filter, inner)})`;
      const parts = exp.predicate.map((p) =>
        compare(value, sql.type(udt), p.op, p.operand as Extract<Operand, { kind: 'param' }>, false, udt),
      );
      return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : TRUE;
    }
    case 'exists': {
      const a = ctx.alias('_x');
      return sql`EXISTS (SELECT 1 FROM ${sql.ident(exp.table.schema, exp.table.name)} AS ${sql.ident(a)} WHERE ${boolSql(ctx, exp.where, { alias: a, root: scope.root })})`;
    }
    case 'compare': {
      let left: SQL = sql`${sql.ident(scope.alias, exp.column.name)}`;
      let type = sql.type(exp.column.udt, exp.column.isArray);
      if (exp.cast) {
        left = sql`(${left})::text`;
        type = sql.type('text');
      }
      if (exp.operand.kind === 'column') {
        const other = sql.ident(exp.operand.root ? scope.root : scope.alias, exp.operand.column.name);
        return sql`(${left} ${BINARY[exp.op]!} ${other})`;
      }
      return compare(left, type, exp.op, exp.operand, exp.nullSafe, exp.column.udt);
    }
    case 'computed': {
      const call = computedCall(exp.field, scope.alias);
      if (exp.operand.kind !== 'param') throw new Error('unreachable');
      return compare(
        call,
        sql.type(exp.field.returnUdt),
        exp.op,
        exp.operand,
        exp.nullSafe,
        exp.field.returnUdt,
      );
    }
  }
}

/** `schema.fn(row [, session => json])` for a computed field over the row alias. */
export function computedCall(field: ComputedField, alias: string): SQL {
  const args: SQL[] = [sql`${sql.ident(alias)}`];
  if (field.sessionArgument) args.push(sql`${sql.ident(field.sessionArgument)} => ${sql.session('*')}::json`);
  return sql`${sql.ident(field.schema, field.fn)}(${sql.join(args)})`;
}

function compare(
  left: SQL,
  type: SQL,
  op: string,
  operand: Extract<Operand, { kind: 'param' }>,
  nullSafe: boolean,
  udt: string,
): SQL {
  const p = operand.param;
  if (op === '_is_null') {
    if (operand.constant !== undefined)
      return operand.constant ? sql`(${left} IS NULL)` : sql`(${left} IS NOT NULL)`;
    return sql`((${left} IS NULL) = ${p}::boolean)`;
  }
  if (op === '_in' || op === '_nin') {
    const anyOf = sql`(${left} = ANY(${p}::${type}[]))`;
    return op === '_in' ? anyOf : sql`(NOT ${anyOf})`;
  }
  if (nullSafe && operand.constant === null && (op === '_eq' || op === '_neq'))
    return op === '_eq' ? sql`(${left} IS NULL)` : sql`(${left} IS NOT NULL)`;
  let right: SQL;
  if (TEXT_OPERAND.has(op)) right = sql`${p}::text`;
  else if (op === '_has_keys_any' || op === '_has_keys_all') right = sql`${p}::text[]`;
  else if ((op === '_contains' || op === '_contained_in') && udt === 'jsonb') right = sql`${p}::jsonb`;
  else right = sql`${p}::${type}`;
  // A pattern written into the statement (a permission rule's) is seen by every plan.
  if (PATTERN.has(op) && !p.inline) return sql`(${left} ${BINARY[op]!} ${right})${sql.customPlan()}`;
  return sql`(${left} ${BINARY[op]!} ${right})`;
}

/** The role's select filter on a table, over the row alias. */
export function permSql(ctx: CompileCtx, table: Table, scope: Scope): SQL {
  const filter = ctx.t.perms(table).select?.filter ?? TRUE_EXP;
  return boolSql(ctx, filter, { alias: scope.alias, root: scope.alias });
}
