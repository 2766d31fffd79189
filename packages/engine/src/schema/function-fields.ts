import {
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLInputObjectType,
} from 'graphql';
import type { Model, TrackedFunction } from '../model/types.ts';
import { aggregateType } from './aggregate-types.ts';
import { info } from './info.ts';
import type { TableTypes } from './table-types.ts';
import { list, nn } from './wrappers.ts';

/** `<f>_args`: the function's arguments (the session argument is filled by the engine). */
function argsInput(t: TableTypes, fn: TrackedFunction): GraphQLInputObjectType {
  const name = `${fn.gqlName}_args`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        fields: () => Object.fromEntries(fn.args.map((a) => [a.name, { type: t.reg.scalar(a.scalar) }])),
      }),
  );
}

/**
 * Root fields of tracked functions for a role: `<f>` and `<f>_aggregate`, available where the role
 * can select the returned table (Hasura's inferred function permissions).
 */
export function addFunctionFields(
  model: Model,
  t: TableTypes,
  target: GraphQLFieldConfigMap<unknown, unknown>,
) {
  for (const fn of model.functions) {
    const select = t.perms(fn.table).select;
    if (!select) continue;
    const args: GraphQLFieldConfigArgumentMap = {};
    if (fn.args.length) {
      const input = argsInput(t, fn);
      args.args = {
        type: fn.args.some((a) => !a.hasDefault) ? nn(input) : input,
        description: `input parameters for function "${fn.name}"`,
      };
    }
    Object.assign(args, t.selectArgs(fn.table));
    target[fn.gqlName] = {
      type: nn(list(nn(t.object(fn.table)))),
      args,
      description: fn.comment ?? `execute function "${fn.name}" which returns "${fn.table.name}"`,
      extensions: info({ kind: 'function', fn }),
    };
    if (select.allowAggregations)
      target[fn.aggregateName] = {
        type: nn(aggregateType(t, fn.table)),
        args,
        description: `execute function "${fn.name}" and query aggregates on result of table type "${fn.table.name}"`,
        extensions: info({ kind: 'function_aggregate', fn }),
      };
  }
}
