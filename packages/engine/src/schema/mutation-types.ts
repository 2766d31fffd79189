import {
  GraphQLEnumType,
  type GraphQLEnumValueConfigMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql';
import { isNumeric } from '../model/scalars.ts';
import type { Column, Table } from '../model/types.ts';
import { info } from './info.ts';
import type { TableTypes } from './table-types.ts';
import { isNameOk, list, nn } from './wrappers.ts';

/** Columns a role may insert, minus those its `set` presets fill. */
export function insertColumns(t: TableTypes, table: Table): Column[] {
  const insert = t.perms(table).insert;
  return insert
    ? table.columns.filter((c) => c.writable && insert.columns.has(c.name) && !insert.set.has(c.name))
    : [];
}

/** Columns a role may update, minus presets. */
export function updateColumns(t: TableTypes, table: Table): Column[] {
  const update = t.perms(table).update;
  return update
    ? table.columns.filter((c) => c.writable && update.columns.has(c.name) && !update.set.has(c.name))
    : [];
}

/** Whether `on_conflict` is offered: the role can update and the table has a usable constraint. */
export function hasOnConflict(t: TableTypes, table: Table): boolean {
  return !!t.perms(table).update && table.constraints.some((k) => isNameOk(k.name));
}

/** `T_insert_input`: insertable columns and insertable relationships. */
export function insertInput(t: TableTypes, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_insert_input`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `input type for inserting data into table "${table.name}"`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const c of insertColumns(t, table))
            fields[c.gqlName] = { type: t.columnType(c), extensions: info({ kind: 'column', column: c }) };
          for (const rel of table.relationships.values()) {
            if (!t.perms(rel.target).insert) continue;
            fields[rel.name] = {
              type: relInsertInput(t, rel.target, rel.kind),
              extensions: info({ kind: 'rel', rel }),
            };
          }
          return fields;
        },
      }),
  );
}

function relInsertInput(t: TableTypes, table: Table, kind: 'object' | 'array'): GraphQLInputObjectType {
  const name = `${table.gqlName}_${kind === 'object' ? 'obj' : 'arr'}_rel_insert_input`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `input type for inserting ${kind} relation for remote table "${table.name}"`,
        fields: () => {
          const data = nn(insertInput(t, table));
          const fields: GraphQLInputFieldConfigMap = {
            data: { type: kind === 'object' ? data : nn(list(data)) },
          };
          if (hasOnConflict(t, table))
            fields.on_conflict = { type: onConflict(t, table), description: 'upsert condition' };
          return fields;
        },
      }),
  );
}

/** `T_on_conflict`. */
export function onConflict(t: TableTypes, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_on_conflict`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `on_conflict condition type for table "${table.name}"`,
        fields: () => ({
          constraint: { type: nn(constraintEnum(t, table)) },
          update_columns: { type: nn(list(nn(updateColumnEnum(t, table)))), defaultValue: [] },
          where: { type: t.boolExp(table) },
        }),
      }),
  );
}

function constraintEnum(t: TableTypes, table: Table): GraphQLEnumType {
  return t.reg.get(`${table.gqlName}_constraint`, () => {
    const values: GraphQLEnumValueConfigMap = {};
    for (const k of table.constraints)
      if (isNameOk(k.name))
        values[k.name] = {
          value: k.name,
          description: `unique or primary key constraint on columns ${k.columns.map((c) => `"${c}"`).join(', ')}`,
        };
    return new GraphQLEnumType({
      name: `${table.gqlName}_constraint`,
      description: `unique or primary key constraints on table "${table.name}"`,
      values,
    });
  });
}

function updateColumnEnum(t: TableTypes, table: Table): GraphQLEnumType {
  return t.reg.get(`${table.gqlName}_update_column`, () => {
    const values: GraphQLEnumValueConfigMap = {};
    for (const c of updateColumns(t, table))
      values[c.gqlName] = { value: c.name, description: 'column name' };
    if (!Object.keys(values).length)
      values._PLACEHOLDER = { value: '_PLACEHOLDER', description: 'placeholder (do not use)' };
    return new GraphQLEnumType({
      name: `${table.gqlName}_update_column`,
      description: `update columns of table "${table.name}"`,
      values,
    });
  });
}

/** `T_mutation_response`; `returning` only for roles that can select. */
export function mutationResponse(t: TableTypes, table: Table): GraphQLObjectType {
  const name = `${table.gqlName}_mutation_response`;
  return t.reg.get(
    name,
    () =>
      new GraphQLObjectType({
        name,
        description: `response of any mutation on the table "${table.name}"`,
        fields: () => {
          const fields: GraphQLFieldConfigMap<unknown, unknown> = {
            affected_rows: { type: nn(GraphQLInt), description: 'number of rows affected by the mutation' },
          };
          if (t.perms(table).select)
            fields.returning = {
              type: nn(list(nn(t.object(table)))),
              description: 'data from the rows affected by the mutation',
            };
          return fields;
        },
      }),
  );
}

const JSONB_INPUTS: Array<[string, string]> = [
  ['_append', 'append'],
  ['_prepend', 'prepend'],
  ['_delete_key', 'delete_key'],
  ['_delete_elem', 'delete_elem'],
  ['_delete_at_path', 'delete_at_path'],
];

/** Update operators (`_set`, `_inc`, jsonb ops) the role can use on the table. */
export function updateOperators(t: TableTypes, table: Table): GraphQLInputFieldConfigMap {
  const cols = updateColumns(t, table);
  const ops: GraphQLInputFieldConfigMap = {};
  const make = (
    suffix: string,
    columns: Column[],
    type: (c: Column) => Parameters<typeof nn>[0] | GraphQLInputObjectType,
  ) =>
    t.reg.get(
      `${table.gqlName}_${suffix}_input`,
      () =>
        new GraphQLInputObjectType({
          name: `${table.gqlName}_${suffix}_input`,
          fields: () =>
            Object.fromEntries(
              columns.map((c) => [
                c.gqlName,
                { type: type(c) as never, extensions: info({ kind: 'column', column: c }) },
              ]),
            ),
        }),
    );
  const jsonb = cols.filter((c) => c.scalar === 'jsonb' && !c.isArray);
  for (const [op, suffix] of JSONB_INPUTS) {
    if (!jsonb.length) break;
    const type =
      suffix === 'delete_key'
        ? () => GraphQLString
        : suffix === 'delete_elem'
          ? () => GraphQLInt
          : suffix === 'delete_at_path'
            ? () => list(nn(GraphQLString))
            : (c: Column) => t.columnType(c);
    ops[op] = { type: make(suffix, jsonb, type) };
  }
  const numeric = cols.filter((c) => isNumeric(c.scalar) && !c.isArray);
  if (numeric.length)
    ops._inc = {
      type: make('inc', numeric, (c) => t.columnType(c)),
      description: 'increments the numeric columns with given value of the filtered values',
    };
  if (cols.length)
    ops._set = {
      type: make('set', cols, (c) => t.columnType(c)),
      description: 'sets the columns of the filtered rows to the given values',
    };
  return ops;
}

/** `T_pk_columns_input`. */
export function pkColumnsInput(t: TableTypes, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_pk_columns_input`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `primary key columns input for table: ${table.name}`,
        fields: () =>
          Object.fromEntries(
            table.primaryKey!.map((c) => [
              c.gqlName,
              { type: nn(t.columnType(c)), extensions: info({ kind: 'column', column: c }) },
            ]),
          ),
      }),
  );
}

/** `T_updates`, one entry of `update_T_many`. */
export function updatesInput(t: TableTypes, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_updates`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        fields: () => ({
          ...updateOperators(t, table),
          where: { type: nn(t.boolExp(table)), description: 'filter the rows which have to be updated' },
        }),
      }),
  );
}
