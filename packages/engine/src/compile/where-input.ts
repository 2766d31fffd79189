import { type GraphQLInputObjectType, type GraphQLInputType, GraphQLList, GraphQLNonNull } from 'graphql';
import { validationError } from '../errors.ts';
import type { BoolExp, Column, ComputedField, Operand, Relationship } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { inputInfo } from '../schema/info.ts';
import { type Encoding, sql } from '../sql/sql.ts';
import type { CompileCtx } from './context.ts';
import { resolve, Var } from './input.ts';

/** GraphQL `where` arguments → the engine's boolean expressions (compiled by where.ts). */

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

/** `<rel>_aggregate: {count | bool_and | bool_or: {arguments, distinct, filter, predicate}}`. */
function aggregatePredicate(
  ctx: CompileCtx,
  rel: Relationship,
  value: Record<string, unknown>,
  type: GraphQLInputObjectType,
  path: string,
): BoolExp {
  const items: BoolExp[] = [];
  for (const [fn, raw] of Object.entries(value)) {
    const spec = resolve(ctx, raw) as Record<string, unknown> | null;
    if (!spec) continue;
    const here = `${path}.${fn}`;
    const fields = (unwrap(type.getFields()[fn]!.type) as GraphQLInputObjectType).getFields();
    const predicate = comparisons(
      ctx,
      { name: fn, udt: fn === 'count' ? 'int8' : 'bool' } as Column,
      resolve(ctx, spec.predicate) as Record<string, unknown>,
      unwrap(fields.predicate!.type) as GraphQLInputObjectType,
      `${here}.predicate`,
    ).map((e) => {
      const c = e as Extract<BoolExp, { kind: 'compare' }>;
      return { op: c.op, operand: c.operand };
    });
    const args = resolve(ctx, spec.arguments);
    items.push({
      kind: 'aggregate',
      rel,
      fn: fn as 'count' | 'bool_and' | 'bool_or',
      columns:
        args === undefined || args === null ? [] : Array.isArray(args) ? (args as string[]) : [String(args)],
      distinct: resolve(ctx, spec.distinct) === true,
      filter: spec.filter
        ? whereFromInput(
            ctx,
            resolve(ctx, spec.filter),
            unwrap(fields.filter!.type) as GraphQLInputObjectType,
            `${here}.filter`,
          )
        : TRUE_EXP,
      predicate,
    });
  }
  return items.length === 1 ? items[0]! : { kind: 'and', items };
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
