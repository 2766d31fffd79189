import {
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLObjectType,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { validationError } from '../errors.ts';
import type { Table } from '../model/types.ts';
import type { RoleSchema } from '../schema/build.ts';
import { outputInfo } from '../schema/info.ts';

/**
 * What a request may ask for, estimated from its text before anything runs (GitHub's way of
 * costing a GraphQL request: each list's page size times the lists it is nested in).
 */
export interface CostLimits {
  /** Rows (objects) one request may return at most by the estimate; unset means unlimited. */
  maxCost?: number;
  /** Rows a list without a `limit` (and without a permission limit) counts for. */
  costListRows?: number;
}

/** Rows a list counts for when neither its `limit` nor the role's permission bounds it. */
export const DEFAULT_LIST_ROWS = 5;

/** A list's size as the estimate sees it: the argument's value, else the permission's limit. */
function listSize(
  role: RoleSchema,
  field: GraphQLField<unknown, unknown>,
  args: readonly { name: { value: string }; value: ValueNode }[],
  variables: Record<string, unknown>,
  argName: string,
): { limit: number | undefined; table: Table | undefined } {
  const meta = outputInfo(field);
  let table: Table | undefined;
  if (meta && 'table' in meta) table = meta.table;
  else if (meta && 'fn' in meta) table = meta.fn.table;
  else if (meta?.kind === 'rel' || meta?.kind === 'rel_aggregate' || meta?.kind === 'action_rel')
    table = meta.rel.target;
  else if (meta?.kind === 'computed') table = meta.field.returnsTable ?? undefined;
  const node = args.find((a) => a.name.value === argName)?.value;
  let given: unknown;
  if (node?.kind === Kind.INT) given = Number(node.value);
  else if (node?.kind === Kind.VARIABLE) given = variables[node.name.value];
  const asked = typeof given === 'number' && Number.isFinite(given) && given >= 0 ? given : undefined;
  const perm = table ? (role.types.perms(table).select?.limit ?? undefined) : undefined;
  const limit = asked === undefined ? perm : perm === undefined ? asked : Math.min(asked, perm);
  return { limit, table };
}

const isList = (field: GraphQLField<unknown, unknown>) => {
  const type = field.type instanceof GraphQLNonNull ? field.type.ofType : field.type;
  return type instanceof GraphQLList;
};

/**
 * The rows an operation may return at most, estimated from its text: each list field counts its
 * `limit` (or `batch_size` of a stream; the role's permission limit when smaller or when none is
 * given; `listRows` when neither bounds it) times the rows of the lists it is nested in; an object
 * (a relationship to one row, a by-pk field, an aggregate) counts one row per row it hangs from.
 * Aggregates' `nodes` take their aggregate field's limit. Introspection and columns count nothing.
 * Linear in the document: a fragment is costed once per type and scaled, never expanded.
 */
export function estimateRows(
  role: RoleSchema,
  op: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  listRows = DEFAULT_LIST_ROWS,
): number {
  const schema = role.schema;
  const root =
    op.operation === 'query'
      ? schema.getQueryType()
      : op.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;
  const memo = new Map<string, number>();
  const visiting = new Set<string>();

  /** Rows below one row of `type` (so a set under `n` rows costs `n` times this). */
  const unit = (set: SelectionSetNode, type: GraphQLObjectType, aggregateRows: number): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        total += unit(sel.selectionSet, type, aggregateRows);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const name = sel.name.value;
        const def = fragments.get(name);
        if (!def || def.typeCondition.name.value !== type.name) continue;
        const key = `${name}\u0000${type.name}\u0000${aggregateRows}`;
        let cost = memo.get(key);
        if (cost === undefined) {
          // A cycle is refused by the shape check; counted as nothing should it get here.
          if (visiting.has(key)) continue;
          visiting.add(key);
          cost = unit(def.selectionSet, type, aggregateRows);
          visiting.delete(key);
          memo.set(key, cost);
        }
        total += cost;
        continue;
      }
      if (!sel.selectionSet || sel.name.value.startsWith('__')) continue;
      const field = type.getFields()[sel.name.value];
      if (!field) continue;
      const inner = getNamedType(field.type);
      if (!isObjectType(inner)) continue;
      const meta = outputInfo(field);
      const args = sel.arguments ?? [];
      const aggregate =
        meta?.kind === 'rel_aggregate' ||
        (meta !== undefined && 'kind' in meta && /aggregate$/.test(meta.kind));
      let rows = 1;
      let below = aggregateRows;
      if (aggregate) {
        // One row of aggregates; its `nodes` list is as long as the aggregate field's limit.
        below = listSize(role, field, args, variables, 'limit').limit ?? listRows;
      } else if (isList(field)) {
        if (sel.name.value === 'nodes' && meta === undefined) rows = aggregateRows;
        else {
          const stream = meta !== undefined && 'kind' in meta && meta.kind === 'select_stream';
          rows = listSize(role, field, args, variables, stream ? 'batch_size' : 'limit').limit ?? listRows;
        }
      }
      total += rows * (1 + unit(sel.selectionSet, inner, below));
    }
    return total;
  };

  return unit(op.selectionSet, root, listRows);
}

/**
 * Refuses an operation whose estimated rows (`estimateRows`) exceed `limits.maxCost`, before
 * anything is compiled into SQL or sent: so one request cannot make the database build and the
 * engine ship an answer of hundreds of thousands of rows while others wait.
 */
export function checkCost(
  role: RoleSchema,
  op: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  limits: CostLimits,
): void {
  if (limits.maxCost === undefined) return;
  const rows = estimateRows(role, op, fragments, variables, limits.costListRows ?? DEFAULT_LIST_ROWS);
  if (rows > limits.maxCost)
    throw validationError(
      `the query may return up to ${Math.round(rows)} rows, more than the ${limits.maxCost} a request may ask for ` +
        `(each list's limit times the lists it is nested in; a list without a limit counts ${limits.costListRows ?? DEFAULT_LIST_ROWS}): ` +
        'ask for fewer rows or fewer nested lists at once',
    );
}
