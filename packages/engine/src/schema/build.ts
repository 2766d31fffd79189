import {
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import type { Model, RootFieldKind, Table } from '../model/types.ts';
import { addActions } from './action-fields.ts';
import { aggregateType } from './aggregate-types.ts';
import { addFunctionFields } from './function-fields.ts';
import { info } from './info.ts';
import {
  hasOnConflict,
  insertInput,
  mutationResponse,
  onConflict,
  pkColumnsInput,
  updateOperators,
  updatesInput,
} from './mutation-types.ts';
import { TypeRegistry } from './registry.ts';
import { streamArgs } from './stream-types.ts';
import { TableTypes } from './table-types.ts';
import { list, nn } from './wrappers.ts';

/** One role's GraphQL schema plus the builder that made it (the compilers read its types). */
export interface RoleSchema {
  role: string;
  backendOnly: boolean;
  schema: GraphQLSchema;
  types: TableTypes;
}

type Fields = GraphQLFieldConfigMap<unknown, unknown>;

const rootAllowed = (set: Set<string> | null, kind: RootFieldKind) => set === null || set.has(kind);

/** A root field's name, its description from the metadata, and what the compilers need to know of it. */
const root = (table: Table, kind: RootFieldKind) => ({
  name: table.rootFields[kind].name,
  description: table.rootFields[kind].comment ?? undefined,
  extensions: info({ kind, table }),
});

/** Builds the schema Hasura would expose to `role` (backend-only mutations only when asked). */
export function buildRoleSchema(model: Model, role: string, backendOnly = false): RoleSchema {
  const reg = new TypeRegistry();
  const t = new TableTypes(reg, role, backendOnly);
  const query: Fields = {};
  const subscription: Fields = {};
  const mutation: Fields = {};
  addSelectRoots(model, t, query, (table) => t.perms(table).select!.queryRootFields);
  addSelectRoots(model, t, subscription, (table) => t.perms(table).select!.subscriptionRootFields);
  addStreamRoots(model, t, subscription);
  for (const table of model.tables) {
    addInsertRoots(t, table, mutation);
    addUpdateRoots(t, table, mutation);
    addDeleteRoots(t, table, mutation);
  }
  addFunctionFields(model, t, query);
  addFunctionFields(model, t, subscription);
  addActions(model, t, role, query, mutation);

  const sorted = (f: Fields) => Object.fromEntries(Object.entries(f).sort(([a], [b]) => a.localeCompare(b)));
  if (!Object.keys(query).length) query.no_queries_available = { type: nn(GraphQLString) };
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'query_root', fields: sorted(query) }),
    mutation: Object.keys(mutation).length
      ? new GraphQLObjectType({ name: 'mutation_root', fields: sorted(mutation) })
      : undefined,
    subscription: Object.keys(subscription).length
      ? new GraphQLObjectType({ name: 'subscription_root', fields: sorted(subscription) })
      : undefined,
  });
  return { role, backendOnly, schema, types: t };
}

/** `<table>`, `<table>_aggregate` and `<table>_by_pk` of every table the role selects, where `allowed` lets them. */
function addSelectRoots(
  model: Model,
  t: TableTypes,
  target: Fields,
  allowed: (table: Table) => Set<string> | null,
): void {
  for (const table of model.tables) {
    const select = t.perms(table).select;
    if (!select) continue;
    const set = allowed(table);
    const obj = t.object(table);
    if (rootAllowed(set, 'select')) {
      const r = root(table, 'select');
      target[r.name] = {
        type: nn(list(nn(obj))),
        args: t.selectArgs(table),
        description: r.description ?? `fetch data from the table: "${table.name}"`,
        extensions: r.extensions,
      };
    }
    if (select.allowAggregations && rootAllowed(set, 'select_aggregate')) {
      const r = root(table, 'select_aggregate');
      target[r.name] = {
        type: nn(aggregateType(t, table)),
        args: t.selectArgs(table),
        description: r.description ?? `fetch aggregated fields from the table: "${table.name}"`,
        extensions: r.extensions,
      };
    }
    if (t.canSelectPk(table) && rootAllowed(set, 'select_by_pk')) {
      const r = root(table, 'select_by_pk');
      target[r.name] = {
        type: obj,
        args: t.pkArgs(table),
        description: r.description ?? `fetch data from the table: "${table.name}" using primary key columns`,
        extensions: r.extensions,
      };
    }
  }
}

/** `<table>_stream` of every table the role selects columns of, where its subscription roots let it. */
function addStreamRoots(model: Model, t: TableTypes, subscription: Fields): void {
  for (const table of model.tables) {
    const select = t.perms(table).select;
    if (
      !select ||
      !t.selectColumns(table).length ||
      !rootAllowed(select.subscriptionRootFields, 'select_stream')
    )
      continue;
    const r = root(table, 'select_stream');
    subscription[r.name] = {
      type: nn(list(nn(t.object(table)))),
      args: streamArgs(t, table),
      description: r.description ?? `fetch data from the table in a streaming manner: "${table.name}"`,
      extensions: r.extensions,
    };
  }
}

/** `insert_<table>` and, when the role also selects, `insert_<table>_one`. */
function addInsertRoots(t: TableTypes, table: Table, mutation: Fields): void {
  const perms = t.perms(table);
  if (!perms.insert) return;
  const args: GraphQLFieldConfigArgumentMap = {
    objects: { type: nn(list(nn(insertInput(t, table)))), description: 'the rows to be inserted' },
  };
  if (hasOnConflict(t, table))
    args.on_conflict = { type: onConflict(t, table), description: 'upsert condition' };
  const r = root(table, 'insert');
  mutation[r.name] = {
    type: mutationResponse(t, table),
    args,
    description: r.description ?? `insert data into the table: "${table.name}"`,
    extensions: r.extensions,
  };
  if (!perms.select) return;
  const one: GraphQLFieldConfigArgumentMap = {
    object: { type: nn(insertInput(t, table)), description: 'the row to be inserted' },
  };
  if (args.on_conflict) one.on_conflict = args.on_conflict;
  const r1 = root(table, 'insert_one');
  mutation[r1.name] = {
    type: t.object(table),
    args: one,
    description: r1.description ?? `insert a single row into the table: "${table.name}"`,
    extensions: r1.extensions,
  };
}

/** `update_<table>`, `update_<table>_by_pk` (when the role selects the key) and `update_<table>_many`. */
function addUpdateRoots(t: TableTypes, table: Table, mutation: Fields): void {
  if (!t.perms(table).update) return;
  const ops = updateOperators(t, table);
  const r = root(table, 'update');
  mutation[r.name] = {
    type: mutationResponse(t, table),
    args: {
      ...ops,
      where: { type: nn(t.boolExp(table)), description: 'filter the rows which have to be updated' },
    },
    description: r.description ?? `update data of the table: "${table.name}"`,
    extensions: r.extensions,
  };
  if (t.canSelectPk(table)) {
    const rp = root(table, 'update_by_pk');
    mutation[rp.name] = {
      type: t.object(table),
      args: { ...ops, pk_columns: { type: nn(pkColumnsInput(t, table)) } },
      description: rp.description ?? `update single row of the table: "${table.name}"`,
      extensions: rp.extensions,
    };
  }
  const rm = root(table, 'update_many');
  mutation[rm.name] = {
    type: list(mutationResponse(t, table)),
    args: {
      updates: {
        type: nn(list(nn(updatesInput(t, table)))),
        description: 'updates to execute, in order',
      },
    },
    description: rm.description ?? `update multiples rows of table: "${table.name}"`,
    extensions: rm.extensions,
  };
}

/** `delete_<table>` and `delete_<table>_by_pk` (when the role selects the key). */
function addDeleteRoots(t: TableTypes, table: Table, mutation: Fields): void {
  if (!t.perms(table).delete) return;
  const r = root(table, 'delete');
  mutation[r.name] = {
    type: mutationResponse(t, table),
    args: {
      where: { type: nn(t.boolExp(table)), description: 'filter the rows which have to be deleted' },
    },
    description: r.description ?? `delete data from the table: "${table.name}"`,
    extensions: r.extensions,
  };
  if (t.canSelectPk(table)) {
    const rp = root(table, 'delete_by_pk');
    mutation[rp.name] = {
      type: t.object(table),
      args: t.pkArgs(table),
      description: rp.description ?? `delete single row from the table: "${table.name}"`,
      extensions: rp.extensions,
    };
  }
}
