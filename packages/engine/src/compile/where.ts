import { type GraphQLInputObjectType, type GraphQLInputType, GraphQLList, GraphQLNonNull } from 'graphql';
import { validationError } from '../errors.ts';
import type { BoolExp, Column, ComputedField, Operand, Relationship, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { inputInfo } from '../schema/info.ts';
import { type Encoding, FALSE, type SQL, sql, TRUE } from '../sql/sql.ts';
import type { CompileCtx } from './context.ts';
import { resolve, Var } from './input.ts';

const unwrap = (t: GraphQLInputType): GraphQLInputType =>
  t instanceof GraphQLNonNull || t instanceof GraphQLList ? unwrap(t.ofType) : t;

/** Turns a coerced `where` argument into a boolean expression over the table. */
export function whereFromInput(
  ctx: CompileCtx,
  value: unknown,
  type: GraphQLInputObjectType,
  path: string,
): BoolExp {
  if (value === null || value === undefined) return TRUE_EXP;
  if (value instanceof Var)
    throw validationError('a whole boolean expression cannot come from a scalar variable', path);
  const fields = type.getFields();
  const items: BoolExp[] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const here = `${path}.${key}`;
    if (key === '_and' || key === '_or') {
      if (inner === null) throw validationError(`unexpected null value for type '${type.name}'`, here);
      const list = (inner as unknown[]).map((x, i) => {
        if (x === null)
          throw validationError(`unexpected null value for type '${type.name}'`, `${here}[${i}]`);
        return whereFromInput(ctx, x, type, `${here}[${i}]`);
      });
      items.push({ kind: key === '_and' ? 'and' : 'or', items: list });
    } else if (key === '_not') {
      if (inner === null) throw validationError(`unexpected null value for type '${type.name}'`, here);
      items.push({ kind: 'not', item: whereFromInput(ctx, inner, type, here) });
    } else {
      const field = fields[key]!;
      const meta = inputInfo(field);
      if (inner === null)
        throw validationError(`unexpected null value for type '${unwrap(field.type).toString()}'`, here);
      if (meta?.kind === 'rel_aggregate')
        items.push(
          aggregatePredicate(
            ctx,
            meta.rel,
            inner as Record<string, unknown>,
            unwrap(field.type) as GraphQLInputObjectType,
            here,
          ),
        );
      else if (meta?.kind === 'rel')
        items.push({
          kind: 'rel',
          rel: meta.rel,
          where: whereFromInput(ctx, inner, unwrap(field.type) as GraphQLInputObjectType, here),
        });
      else if (meta?.kind === 'column' || meta?.kind === 'computed')
        items.push(
          ...comparisons(
            ctx,
            meta.kind === 'column' ? meta.column : meta.field,
            inner as Record<string, unknown>,
            unwrap(field.type) as GraphQLInputObjectType,
            here,
          ),
        );
    }
  }
  return items.length === 1 ? items[0]! : { kind: 'and', items };
}

/** `<rel>_aggregate: {count: {arguments, distinct, filter, predicate}}`. */
function aggregatePredicate(
  ctx: CompileCtx,
  rel: Relationship,
  value: Record<string, unknown>,
  type: GraphQLInputObjectType,
  path: string,
): BoolExp {
  const count = resolve(ctx, value.count) as Record<string, unknown> | undefined;
  if (!count) return TRUE_EXP;
  const countType = unwrap(type.getFields().count!.type) as GraphQLInputObjectType;
  const fields = countType.getFields();
  const predicateType = unwrap(fields.predicate!.type) as GraphQLInputObjectType;
  const predicate = comparisons(
    ctx,
    { name: 'count', udt: 'int8' } as Column,
    resolve(ctx, count.predicate) as Record<string, unknown>,
    predicateType,
    `${path}.count.predicate`,
  ).map((e) => {
    const c = e as Extract<BoolExp, { kind: 'compare' }>;
    return { op: c.op, operand: c.operand };
  });
  return {
    kind: 'aggregate',
    rel,
    columns: (resolve(ctx, count.arguments) as string[] | undefined) ?? [],
    distinct: resolve(ctx, count.distinct) === true,
    filter: count.filter
      ? whereFromInput(
          ctx,
          resolve(ctx, count.filter),
          unwrap(fields.filter!.type) as GraphQLInputObjectType,
          `${path}.count.filter`,
        )
      : TRUE_EXP,
    predicate,
  };
}

function comparisons(
  ctx: CompileCtx,
  target: Column | ComputedField,
  ops: Record<string, unknown>,
  type: GraphQLInputObjectType,
  path: string,
): BoolExp[] {
  const out: BoolExp[] = [];
  for (const [op, value] of Object.entries(ops)) {
    const here = `${path}.${op}`;
    const fieldType = type.getFields()[op]!.type;
    if (value === null)
      throw validationError(`unexpected null value for type '${unwrap(fieldType).toString()}'`, here);
    if (op === '_cast') {
      const cast = value as Record<string, Record<string, unknown>>;
      const stringExp = unwrap(
        (unwrap(fieldType) as GraphQLInputObjectType).getFields().String!.type,
      ) as GraphQLInputObjectType;
      for (const e of comparisons(ctx, target, cast.String ?? {}, stringExp, `${here}.String`))
        out.push({ ...(e as Extract<BoolExp, { kind: 'compare' }>), cast: { to: 'text' } });
      continue;
    }
    const named = unwrap(fieldType).toString();
    const encode: Encoding =
      fieldType instanceof GraphQLList ||
      (fieldType instanceof GraphQLNonNull && fieldType.ofType instanceof GraphQLList)
        ? 'array'
        : named === 'jsonb' || named === 'json'
          ? 'json'
          : 'text';
    let operand: Operand;
    if (value instanceof Var) operand = { kind: 'param', param: sql.variable(value.name, encode) };
    else if (Array.isArray(value) && value.some((v) => v instanceof Var))
      operand = {
        kind: 'param',
        param: sql.value(value.map((v) => (v instanceof Var ? resolve(ctx, v) : v))),
      };
    else
      operand = {
        kind: 'param',
        param: sql.value(encode === 'json' ? JSON.stringify(value) : value),
        constant: value,
      };
    if ('fn' in target) out.push({ kind: 'computed', field: target, op, operand, nullSafe: false });
    else out.push({ kind: 'compare', column: target, op, operand, nullSafe: false });
  }
  return out;
}

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
const TEXT_OPERAND = new Set([
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
  '_has_key',
]);

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
      return sql`EXISTS (SELECT 1 FROM ${sql.ident(exp.rel.target.schema, exp.rel.target.name)} AS ${sql.ident(a)} WHERE ${join} AND ${permSql(ctx, exp.rel.target, inner)} AND ${boolSql(ctx, exp.where, inner)})`;
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
      const target = exp.columns.length
        ? sql`${distinct}${sql.join(exp.columns.map((c) => sql`${sql.ident(a, c)}`))}`
        : sql`*`;
      const count = sql`(SELECT count(${target}) FROM ${sql.ident(exp.rel.target.schema, exp.rel.target.name)} AS ${sql.ident(a)} WHERE ${join} AND ${permSql(ctx, exp.rel.target, inner)} AND ${boolSql(ctx, exp.filter, inner)})`;
      const parts = exp.predicate.map((p) =>
        compare(
          count,
          sql.type('int8'),
          p.op,
          p.operand as Extract<Operand, { kind: 'param' }>,
          false,
          'int8',
        ),
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
  return sql`(${left} ${BINARY[op]!} ${right})`;
}

/** The role's select filter on a table, over the row alias. */
export function permSql(ctx: CompileCtx, table: Table, scope: Scope): SQL {
  const filter = ctx.t.perms(table).select?.filter ?? TRUE_EXP;
  return boolSql(ctx, filter, { alias: scope.alias, root: scope.alias });
}
