import { createHash } from 'node:crypto';
import {
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getNamedType,
  isInputType,
  Kind,
  type OperationDefinitionNode,
  print,
  typeFromAST,
  valueFromASTUntyped,
  visit,
} from 'graphql';
import { validationError } from '../errors.ts';
import type { RoleSchema } from '../schema/build.ts';
import { outputInfo, type RootInfo } from '../schema/info.ts';
import { type Compiled, render, sql } from '../sql/sql.ts';
import { compileAction } from './action.ts';
import { CompileCtx, objectType, type Selected } from './context.ts';
import { functionSource } from './function.ts';
import { compileInsert } from './insert.ts';
import { answerIntrospection } from './introspection.ts';
import type { FieldPlan, Plan, QueryField } from './plan.ts';
import { aggregateQuery, listQuery, objectQuery } from './select.ts';
import { checkShape, type ShapeLimits } from './shape.ts';
import { tableSource } from './source.ts';
import { compileStream } from './stream.ts';
import { compileDelete, compileUpdate, pkExp } from './update.ts';

/**
 * Names a query statement after its text, so each pooled connection prepares it once; except a
 * statement whose parameters feed pattern matches, which PostgreSQL must plan with the values.
 */
function prepared(c: Compiled): Compiled {
  if (c.customPlan) return c;
  return { ...c, name: `e_${createHash('sha1').update(c.text).digest('base64url')}` };
}

/** Picks the operation to run, as Hasura does. */
export function selectOperation(
  doc: DocumentNode,
  operationName: string | undefined | null,
): OperationDefinitionNode {
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) {
    const op = ops.find((o) => o.name?.value === operationName);
    if (!op)
      throw validationError(`no such operation found in the document: ${JSON.stringify(operationName)}`);
    return op;
  }
  if (ops.length !== 1)
    throw validationError(
      'exactly one operation has to be present in the document when operationName is not specified',
    );
  return ops[0]!;
}

/**
 * The variables an operation refers to anywhere (arguments, directives, values nested in them),
 * with those of the fragments it spreads, transitively; its own declarations do not count.
 */
export function usedVariables(
  op: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Set<string> {
  const used = new Set<string>();
  const seen = new Set<string>();
  const pending: ASTNode[] = [op.selectionSet, ...(op.directives ?? [])];
  while (pending.length) {
    visit(pending.pop()!, {
      Variable: (node) => {
        used.add(node.name.value);
      },
      FragmentSpread: (node) => {
        const def = fragments.get(node.name.value);
        if (def && !seen.has(def.name.value)) {
          seen.add(def.name.value);
          pending.push(def);
        }
      },
    });
  }
  return used;
}

/**
 * Request variables with declared defaults applied, non-null declarations enforced, extras
 * refused: as Hasura does, a value for a variable the operation does not use (declared or not) is
 * unexpected; without `used`, one that is not declared.
 */
export function prepareVariables(
  op: OperationDefinitionNode,
  given: Record<string, unknown>,
  used?: ReadonlySet<string>,
): { variables: Record<string, unknown>; declared: Map<string, { type: string; hasDefault: boolean }> } {
  const variables: Record<string, unknown> = { ...given };
  const declared = new Map<string, { type: string; hasDefault: boolean }>();
  const defs = op.variableDefinitions ?? [];
  const unexpected = Object.keys(given).filter((k) =>
    used ? !used.has(k) : !defs.some((d) => d.variable.name.value === k),
  );
  if (unexpected.length)
    throw validationError(`unexpected variables in variableValues: ${unexpected.join(', ')}`);
  for (const def of defs) {
    const name = def.variable.name.value;
    declared.set(name, { type: print(def.type), hasDefault: !!def.defaultValue });
    if (variables[name] === undefined && def.defaultValue)
      variables[name] = valueFromASTUntyped(def.defaultValue);
    if (variables[name] === undefined && def.type.kind === Kind.NON_NULL_TYPE)
      throw validationError(`expecting a value for non-nullable variable: "${name}"`);
    if (variables[name] === null && def.type.kind === Kind.NON_NULL_TYPE)
      throw validationError(`null value found for non-nullable type: "${print(def.type)}"`);
  }
  return { variables, declared };
}

/** Compiles one operation for one role into SQL-backed field plans. */
export function compileOperation(
  role: RoleSchema,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  given: Record<string, unknown>,
  limits: ShapeLimits = {},
  used?: ReadonlySet<string>,
): Plan {
  const { variables, declared } = prepareVariables(op, given, used);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  checkShape(op, fragments, limits);
  const ctx = new CompileCtx(role, variables, declared, fragments);
  const schema = role.schema;
  const rootType =
    op.operation === 'query'
      ? schema.getQueryType()!
      : op.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!rootType)
    throw validationError(op.operation === 'mutation' ? 'no mutations exist' : 'no subscriptions exist');
  const fields: FieldPlan[] = [];
  const introspection: Selected[] = [];
  for (const sel of ctx.fields(rootType, op.selectionSet, '$')) {
    if (sel.name === '__typename')
      fields.push({ kind: 'static', alias: sel.alias, json: JSON.stringify(rootType.name) });
    else if (sel.name === '__schema' || sel.name === '__type') {
      introspection.push(sel);
      fields.push({ kind: 'static', alias: sel.alias, json: '' });
    } else if (sel.name === 'no_queries_available')
      fields.push({ kind: 'static', alias: sel.alias, json: '""' });
    else fields.push(compileRoot(ctx, sel, outputInfo(sel.def!) as RootInfo));
  }
  checkVariableTypes(schema, op);
  if (introspection.length) {
    // The answer is computed now and cached with the plan: every variable may change it.
    for (const name of declared.keys()) ctx.structural.add(name);
    const answers = answerIntrospection(
      schema,
      doc,
      op,
      introspection,
      variables,
      limits.introspectionBudget,
    );
    for (const f of fields) if (f.kind === 'static' && f.json === '') f.json = answers.get(f.alias) ?? 'null';
  }
  if (fields.some((f) => f.kind === 'query' && f.stream) && fields.length > 1)
    throw validationError('a streaming subscription must have exactly one root field');
  const combined = op.operation === 'query' ? combineQueries(fields) : undefined;
  return {
    operation: op.operation,
    fields,
    structural: [...ctx.structural].sort(),
    variableUses: ctx.variableUses,
    ...(combined ? { combined } : {}),
  };
}

/**
 * A query's root fields as one statement, a column each (`f0`, `f1` … in the order of its query
 * fields), so a request is one round trip, one pooled connection and one snapshot instead of one
 * of each per field. Not when a field must be planned with its values (a pattern match, see
 * `prepared`): those fields run apart, in parallel, as before, and only they are planned again.
 */
function combineQueries(fields: FieldPlan[]): Compiled | undefined {
  const queries = fields.filter((f): f is QueryField => f.kind === 'query');
  if (queries.length < 2 || queries.some((f) => f.statement.customPlan)) return undefined;
  return prepared(
    render(sql`SELECT ${sql.join(queries.map((f, i) => sql`(${f.sql}) AS ${sql.ident(`f${i}`)}`))}`),
  );
}

/**
 * Every declared variable's type must be an input type of the role's schema. A variable used in
 * an argument was checked there (with Hasura's "declared as …, but used where …" message); this
 * catches one that is declared and not used, or used only where nothing typed it.
 */
function checkVariableTypes(schema: GraphQLSchema, op: OperationDefinitionNode): void {
  for (const def of op.variableDefinitions ?? []) {
    const type = typeFromAST(schema, def.type);
    if (!type) {
      let named = def.type;
      while (named.kind !== Kind.NAMED_TYPE) named = named.type;
      throw validationError(`no such type exists in the schema: '${named.name.value}'`, '$.variableValues');
    }
    if (!isInputType(type))
      throw validationError(
        `variables can only be defined on input types(enums, scalars, input objects), but '${getNamedType(type).name}' is an object type`,
        '$.variableValues',
      );
  }
}

function compileRoot(ctx: CompileCtx, sel: Selected, root: RootInfo): FieldPlan {
  const alias = sel.alias;
  const query = (q: import('../sql/sql.ts').SQL): FieldPlan => {
    const statement = sql`SELECT (SELECT _q.j FROM (${q}) AS _q)::text AS root`;
    return { kind: 'query', alias, sql: statement, statement: prepared(render(statement)) };
  };
  if (root.kind === 'action') return { kind: 'action', alias, ...compileAction(ctx, sel, root.action) };
  if ('fn' in root) {
    const args = ctx.args(sel);
    const src = functionSource(ctx, root.fn, args.args);
    const type = objectType(sel.def!.type);
    return query(
      root.kind === 'function'
        ? listQuery(ctx, root.fn.table, args, sel, type, src)
        : aggregateQuery(ctx, root.fn.table, args, sel, type, src),
    );
  }
  const table = root.table;
  const writes = `${table.schema}.${table.name}`;
  switch (root.kind) {
    case 'select':
      return query(listQuery(ctx, table, ctx.args(sel), sel, objectType(sel.def!.type), tableSource(table)));
    case 'select_by_pk':
      return query(
        objectQuery(
          ctx,
          table,
          pkExp(table, ctx.args(sel)),
          sel,
          objectType(sel.def!.type),
          tableSource(table),
        ),
      );
    case 'select_aggregate':
      return query(
        aggregateQuery(ctx, table, ctx.args(sel), sel, objectType(sel.def!.type), tableSource(table)),
      );
    case 'select_stream':
      return compileStream(ctx, table, sel);
    case 'insert':
    case 'insert_one':
      return {
        kind: 'mutation',
        alias,
        writes,
        ...compileInsert(ctx, table, sel, root.kind === 'insert_one'),
      };
    case 'update':
    case 'update_by_pk':
    case 'update_many':
      return {
        kind: 'mutation',
        alias,
        writes,
        ...compileUpdate(ctx, table, sel, root.kind),
        setsUser: true,
      };
    case 'delete':
    case 'delete_by_pk':
      return {
        kind: 'mutation',
        alias,
        writes,
        ...compileDelete(ctx, table, sel, root.kind === 'delete_by_pk'),
        setsUser: true,
      };
  }
}
