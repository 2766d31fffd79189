import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLObjectType,
} from 'graphql';
import { AGG_COLUMN_OPS, AGG_FLOAT_OPS, isNumeric, isOrdered, sumScalar } from '../model/scalars.ts';
import type { Column, Table } from '../model/types.ts';
import { info } from './info.ts';
import type { TypeRegistry } from './registry.ts';
import { list, nn } from './wrappers.ts';

/** What the aggregate types need of the table types (TableTypes provides it). */
export interface TableTypeSource {
  readonly reg: TypeRegistry;
  object(table: Table): GraphQLObjectType;
  selectColumns(table: Table): Column[];
  selectColumn(table: Table): GraphQLEnumType;
  comparison(column: Pick<Column, 'scalar' | 'isArray' | 'enumTable'>): GraphQLInputObjectType;
  boolExp(table: Table): GraphQLInputObjectType;
}

/** `T_aggregate`. */
export function aggregateType(t: TableTypeSource, table: Table): GraphQLObjectType {
  const name = `${table.gqlName}_aggregate`;
  return t.reg.get(
    name,
    () =>
      new GraphQLObjectType({
        name,
        description: `aggregated selection of "${table.name}"`,
        fields: () => ({
          aggregate: { type: aggregateFields(t, table) },
          nodes: { type: nn(list(nn(t.object(table)))) },
        }),
      }),
  );
}

/** Columns an aggregate operation applies to. */
export function aggColumns(t: TableTypeSource, table: Table, op: string): Column[] {
  const cols = t.selectColumns(table).filter((c) => !c.isArray && !c.enumTable);
  return op === 'max' || op === 'min'
    ? cols.filter((c) => isOrdered(c.scalar))
    : cols.filter((c) => isNumeric(c.scalar));
}

/** `T_aggregate_fields`: count and the per-operation field types. */
export function aggregateFields(t: TableTypeSource, table: Table): GraphQLObjectType {
  const name = `${table.gqlName}_aggregate_fields`;
  return t.reg.get(
    name,
    () =>
      new GraphQLObjectType({
        name,
        description: `aggregate fields of "${table.name}"`,
        fields: () => {
          const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
          for (const op of AGG_COLUMN_OPS) {
            const cols = aggColumns(t, table, op);
            if (!cols.length) continue;
            fields[op] = {
              type: t.reg.get(
                `${table.gqlName}_${op}_fields`,
                () =>
                  new GraphQLObjectType({
                    name: `${table.gqlName}_${op}_fields`,
                    description: `aggregate ${op} on columns`,
                    fields: () => {
                      const out: GraphQLFieldConfigMap<unknown, unknown> = {};
                      for (const c of cols) {
                        const scalar = AGG_FLOAT_OPS.includes(op)
                          ? 'Float'
                          : op === 'sum'
                            ? sumScalar(c.scalar)
                            : c.scalar;
                        out[c.gqlName] = {
                          type: t.reg.scalar(scalar),
                          extensions: info({ kind: 'column', column: c }),
                        };
                      }
                      return out;
                    },
                  }),
              ),
            };
          }
          const countArgs: GraphQLFieldConfigArgumentMap = { distinct: { type: GraphQLBoolean } };
          if (t.selectColumns(table).length) countArgs.columns = { type: list(nn(t.selectColumn(table))) };
          fields.count = { type: nn(GraphQLInt), args: countArgs };
          return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
        },
      }),
  );
}

/** `T_aggregate_order_by`, for ordering by array relationship aggregates. */
export function aggregateOrderBy(t: TableTypeSource, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_aggregate_order_by`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `order by aggregate values of table "${table.name}"`,
        fields: () => {
          const ob = t.reg.orderBy();
          const fields: GraphQLInputFieldConfigMap = { count: { type: ob } };
          for (const op of AGG_COLUMN_OPS) {
            const cols = aggColumns(t, table, op);
            if (!cols.length) continue;
            fields[op] = {
              type: t.reg.get(
                `${table.gqlName}_${op}_order_by`,
                () =>
                  new GraphQLInputObjectType({
                    name: `${table.gqlName}_${op}_order_by`,
                    fields: () =>
                      Object.fromEntries(
                        cols.map((c) => [
                          c.gqlName,
                          { type: ob, extensions: info({ kind: 'column', column: c }) },
                        ]),
                      ),
                  }),
              ),
            };
          }
          return fields;
        },
      }),
  );
}

/** `T_aggregate_bool_exp`: aggregation predicates over an array relationship (count only). */
export function aggregateBoolExp(t: TableTypeSource, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_aggregate_bool_exp`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          const booleans = t.selectColumns(table).filter((c) => c.scalar === 'Boolean' && !c.isArray);
          for (const fn of ['bool_and', 'bool_or'] as const)
            if (booleans.length) fields[fn] = { type: predicateInput(t, table, fn, booleans) };
          fields.count = { type: predicateInput(t, table, 'count', []) };
          return fields;
        },
      }),
  );
}

/** `T_aggregate_bool_exp_<fn>`: `{arguments, distinct, filter, predicate}`. */
function predicateInput(
  t: TableTypeSource,
  table: Table,
  fn: 'count' | 'bool_and' | 'bool_or',
  booleans: Column[],
): GraphQLInputObjectType {
  const name = `${table.gqlName}_aggregate_bool_exp_${fn}`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {
            distinct: { type: GraphQLBoolean },
            filter: { type: t.boolExp(table) },
            predicate: {
              type: nn(t.comparison({ scalar: fn === 'count' ? 'Int' : 'Boolean', isArray: false })),
            },
          };
          if (fn === 'count') {
            if (t.selectColumns(table).length) fields.arguments = { type: list(nn(t.selectColumn(table))) };
          } else {
            const enumName = `${table.gqlName}_select_column_${table.gqlName}_aggregate_bool_exp_${fn}_arguments_columns`;
            const columns = t.reg.get(
              enumName,
              () =>
                new GraphQLEnumType({
                  name: enumName,
                  description: `select "${table.gqlName}_aggregate_bool_exp_${fn}_arguments_columns" columns of table "${table.name}"`,
                  values: Object.fromEntries(
                    booleans.map((c) => [c.gqlName, { value: c.name, description: 'column name' }]),
                  ),
                }),
            );
            fields.arguments = { type: nn(columns) };
          }
          return fields;
        },
      }),
  );
}
