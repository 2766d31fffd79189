import {
  GraphQLEnumType,
  type GraphQLInputField,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  Kind,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import { validationError } from '../errors.ts';

/** A GraphQL variable used where a single scalar (or scalar list) goes: bound as a parameter, not baked into the plan. */
export class Var {
  constructor(
    readonly name: string,
    /** Current coerced value (only read when the compiler must decide structure from it). */
    readonly value: unknown,
    readonly isList: boolean,
  ) {}
}

/** Variables of one request, and which of them shaped the plan (so they join the plan cache key). */
export interface InputContext {
  variables: Record<string, unknown>;
  /** Declared variables: name → type as written (e.g. `[Int!]!`) and whether it has a default. */
  declared: Map<string, { type: string; hasDefault: boolean }>;
  structural: Set<string>;
  /** Where each variable was used and as what type: a cached plan re-checks new values against these. */
  variableUses: VariableUse[];
}

/** One use of a variable in an operation: its value must coerce to `type` (reported at `path`). */
export interface VariableUse {
  name: string;
  type: GraphQLInputType;
  path: string;
}

/**
 * Checks a request's variable values against every use of them in a cached plan, with the messages
 * compiling would give: a plan compiled for one request's values must not let another request's
 * ill-typed values through to SQL.
 */
export function checkVariableUses(uses: readonly VariableUse[], variables: Record<string, unknown>): void {
  for (const use of uses) {
    const raw = variables[use.name];
    if (raw === undefined) {
      if (use.type instanceof GraphQLNonNull)
        throw validationError(`expecting a value for non-nullable variable: "${use.name}"`, use.path);
      continue;
    }
    coerceJson(use.type, raw, use.path);
  }
}

const named = (type: GraphQLInputType): GraphQLScalarType | GraphQLEnumType | GraphQLInputObjectType =>
  type instanceof GraphQLNonNull || type instanceof GraphQLList ? named(type.ofType) : type;

const isLeafish = (type: GraphQLInputType): boolean => {
  const t = type instanceof GraphQLNonNull ? type.ofType : type;
  if (t instanceof GraphQLList) {
    const inner = t.ofType instanceof GraphQLNonNull ? t.ofType.ofType : t.ofType;
    return inner instanceof GraphQLScalarType || inner instanceof GraphQLEnumType;
  }
  return t instanceof GraphQLScalarType || t instanceof GraphQLEnumType;
};

const describe = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'Array'
      : typeof v === 'object'
        ? 'Object'
        : typeof v === 'string'
          ? 'String'
          : typeof v === 'boolean'
            ? 'Boolean'
            : 'Number';

/** The value a plan needs now: a Var's current value counts as structural. */
export function resolve(ctx: InputContext, value: unknown): unknown {
  if (value instanceof Var) {
    ctx.structural.add(value.name);
    return value.value;
  }
  return value;
}

/** Coerces an argument's AST value to JS with Hasura's validation messages; scalar variables stay Vars. */
export function coerceAst(
  ctx: InputContext,
  type: GraphQLInputType,
  node: ValueNode | undefined,
  path: string,
): unknown {
  if (node === undefined) return undefined;
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    const declared = ctx.declared.get(name);
    if (!declared) throw validationError(`unbound variable "${name}"`, path);
    if (!compatible(declared.type, type.toString(), declared.hasDefault))
      throw validationError(
        `variable '${name}' is declared as '${declared.type}', but used where '${type.toString()}' is expected`,
        path,
      );
    ctx.variableUses.push({ name, type, path });
    const raw = ctx.variables[name];
    if (raw === undefined) {
      if (type instanceof GraphQLNonNull)
        throw validationError(`expecting a value for non-nullable variable: "${name}"`, path);
      return undefined;
    }
    const value = coerceJson(type, raw, path);
    if (isLeafish(type))
      return new Var(name, value, named(type) !== (type instanceof GraphQLNonNull ? type.ofType : type));
    ctx.structural.add(name);
    return value;
  }
  if (type instanceof GraphQLNonNull) {
    if (node.kind === Kind.NULL)
      throw validationError(`null value found for non-nullable type: "${type.toString()}"`, path);
    return coerceAst(ctx, type.ofType, node, path);
  }
  if (node.kind === Kind.NULL) return null;
  if (type instanceof GraphQLList) {
    if (node.kind === Kind.LIST)
      return node.values.map((v, i) => coerceAst(ctx, type.ofType, v, `${path}[${i}]`));
    return [coerceAst(ctx, type.ofType, node, `${path}[0]`)];
  }
  if (type instanceof GraphQLInputObjectType) {
    if (node.kind !== Kind.OBJECT)
      throw validationError(
        `expected an object for type '${type.name}', but found ${node.kind === Kind.LIST ? 'a list' : 'a scalar'}`,
        path,
      );
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const f of node.fields) {
      const def = fields[f.name.value];
      if (!def)
        throw validationError(
          `field '${f.name.value}' not found in type: '${type.name}'`,
          `${path}.${f.name.value}`,
        );
      out[f.name.value] = coerceAst(ctx, def.type, f.value, `${path}.${f.name.value}`);
    }
    return withDefaults(type, out, path);
  }
  if (type instanceof GraphQLEnumType) {
    const text = node.kind === Kind.ENUM ? node.value : null;
    const v = text === null ? undefined : type.getValue(text);
    if (!v)
      throw validationError(
        `expected one of the values ${enumList(type)} for type '${type.name}', but found ${text ?? describe(valueFromASTUntyped(node))}`,
        path,
      );
    return v.value;
  }
  return coerceScalar(type, valueFromASTUntyped(node), path, node.kind);
}

function enumList(type: GraphQLEnumType) {
  return `[${type
    .getValues()
    .map((v) => `'${v.name}'`)
    .join(', ')}]`;
}

/** Per input type, the fields a value may leave out only with a default: those with one, and non-null ones. */
const fieldsWithRules = new WeakMap<GraphQLInputObjectType, GraphQLInputField[]>();

function withDefaults(type: GraphQLInputObjectType, out: Record<string, unknown>, path: string) {
  let fields = fieldsWithRules.get(type);
  if (!fields) {
    fields = Object.values(type.getFields()).filter(
      (def) => def.defaultValue !== undefined || def.type instanceof GraphQLNonNull,
    );
    fieldsWithRules.set(type, fields);
  }
  for (const def of fields) {
    if (out[def.name] !== undefined) continue;
    if (def.defaultValue !== undefined) out[def.name] = def.defaultValue;
    else if (def.type instanceof GraphQLNonNull)
      throw validationError(`missing required field '${def.name}'`, path);
  }
  return out;
}

function coerceScalar(type: GraphQLScalarType, value: unknown, path: string, kind?: Kind): unknown {
  switch (type.name) {
    case 'Int':
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value > 2147483647 ||
        value < -2147483648 ||
        kind === Kind.FLOAT
      )
        throw validationError(`expected a 32-bit integer for type "Int", but found ${describe(value)}`, path);
      return value;
    case 'Float':
      if (typeof value !== 'number')
        throw validationError(`expected Float for type "Float", but found ${describe(value)}`, path);
      return value;
    case 'String':
      if (typeof value !== 'string')
        throw validationError(`expected String for type "String", but found ${describe(value)}`, path);
      return value;
    case 'Boolean':
      if (typeof value !== 'boolean')
        throw validationError(`expected Boolean for type "Boolean", but found ${describe(value)}`, path);
      return value;
    default:
      // PostgreSQL scalars are passed to the database as text and cast there (like Hasura).
      return value;
  }
}

/** Coerces a JSON variable value against a GraphQL input type. */
export function coerceJson(type: GraphQLInputType, value: unknown, path: string): unknown {
  if (type instanceof GraphQLNonNull) {
    if (value === null || value === undefined)
      throw validationError(`null value found for non-nullable type: "${type.toString()}"`, path);
    return coerceJson(type.ofType, value, path);
  }
  if (value === null || value === undefined) return value ?? null;
  if (type instanceof GraphQLList) {
    if (Array.isArray(value)) return value.map((v, i) => coerceJson(type.ofType, v, `${path}[${i}]`));
    return [coerceJson(type.ofType, value, `${path}[0]`)];
  }
  if (type instanceof GraphQLInputObjectType) {
    if (typeof value !== 'object' || Array.isArray(value))
      throw validationError(`expected an object for type '${type.name}', but found ${describe(value)}`, path);
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const def = fields[key];
      if (!def) throw validationError(`field '${key}' not found in type: '${type.name}'`, `${path}.${key}`);
      out[key] = coerceJson(def.type, v, `${path}.${key}`);
    }
    return withDefaults(type, out, path);
  }
  if (type instanceof GraphQLEnumType) {
    const v = typeof value === 'string' ? type.getValue(value) : undefined;
    if (!v)
      throw validationError(
        `expected one of the values ${enumList(type)} for type '${type.name}', but found ${JSON.stringify(value)}`,
        path,
      );
    return v.value;
  }
  return coerceScalar(type, value, path);
}

/** GraphQL's variable-usage rule: a declared type fits where it is at least as strict. */
export function compatible(declared: string, expected: string, hasDefault = false): boolean {
  if (expected.endsWith('!')) {
    if (declared.endsWith('!')) return compatible(declared.slice(0, -1), expected.slice(0, -1));
    return hasDefault && compatible(declared, expected.slice(0, -1));
  }
  if (declared.endsWith('!')) return compatible(declared.slice(0, -1), expected);
  if (expected.startsWith('[') && declared.startsWith('['))
    return compatible(declared.slice(1, -1), expected.slice(1, -1));
  return declared === expected;
}
