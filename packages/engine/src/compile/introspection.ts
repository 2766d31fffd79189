import {
  type DocumentNode,
  execute,
  GraphQLError,
  type GraphQLField,
  type GraphQLSchema,
  introspectionTypes,
  isObjectType,
  Kind,
  MaxIntrospectionDepthRule,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  validate,
} from 'graphql';
import { validationError } from '../errors.ts';
import type { Selected } from './context.ts';

/**
 * Values one request's introspection may produce (every field graphql-js resolves counts one), for
 * every role but admin. A full GraphiQL introspection of role user's schema is about 90,000 (admin's
 * 150,000, about 0.3 s, but admin has no budget); a query that repeats `types { fields { type { fields … } } }` under many
 * aliases reaches the budget in well under a second and is refused.
 */
export const DEFAULT_INTROSPECTION_BUDGET = 150_000;

const BUDGET = Symbol('introspection budget');
interface BudgetContext {
  [BUDGET]: { left: number; limit: number };
}

let wrapped = false;

/**
 * Puts a meter on graphql-js's introspection resolvers, once per process: each call spends one
 * unit of the request's budget (passed as execute's context value), and a request that runs out
 * stops there with an error instead of growing without bound while every other request waits.
 */
function meterIntrospectionResolvers(): void {
  if (wrapped) return;
  wrapped = true;
  const fields: Array<GraphQLField<unknown, unknown>> = [SchemaMetaFieldDef, TypeMetaFieldDef];
  for (const type of introspectionTypes)
    if (isObjectType(type)) fields.push(...Object.values(type.getFields()));
  for (const field of fields) {
    const resolve = field.resolve;
    if (!resolve) continue;
    field.resolve = (source, args, context, info) => {
      const budget = (context as Partial<BudgetContext> | undefined)?.[BUDGET];
      if (budget && --budget.left < 0)
        throw new GraphQLError(
          `the introspection answer exceeds the limit of ${budget.limit} values; ask for less at once`,
        );
      return resolve(source, args, context, info);
    };
  }
}

/**
 * Answers the introspection root fields (`__schema`, `__type`) of an operation with graphql-js,
 * within `budget` values (none when undefined); the other root fields are ours, and its default
 * resolvers would answer null for them. Returns the JSON of each introspection field by alias.
 */
export function answerIntrospection(
  schema: GraphQLSchema,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  selected: Selected[],
  variables: Record<string, unknown>,
  budget: number | undefined,
): Map<string, string> {
  meterIntrospectionResolvers();
  const depthErrors = validate(schema, doc, [MaxIntrospectionDepthRule]);
  if (depthErrors.length)
    throw validationError(
      'the introspection query nests fields, interfaces, possibleTypes or inputFields too deeply',
    );
  const introspectionOp: OperationDefinitionNode = {
    ...op,
    selectionSet: {
      kind: Kind.SELECTION_SET,
      selections: selected.flatMap((sel) =>
        sel.selections.length
          ? sel.selections.map((selectionSet) => ({ ...sel.node, selectionSet }))
          : [sel.node],
      ),
    },
  };
  const context: Partial<BudgetContext> =
    budget === undefined ? {} : { [BUDGET]: { left: budget, limit: budget } };
  const result = execute({
    schema,
    document: { ...doc, definitions: doc.definitions.map((d) => (d === op ? introspectionOp : d)) },
    operationName: op.name?.value,
    variableValues: variables,
    contextValue: context,
  }) as { data?: Record<string, unknown>; errors?: readonly Error[] };
  if (result.errors?.length) throw validationError(result.errors[0]!.message);
  return new Map(selected.map((sel) => [sel.alias, JSON.stringify(result.data?.[sel.alias] ?? null)]));
}
