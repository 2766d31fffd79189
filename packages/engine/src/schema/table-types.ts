import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLEnumValueConfigMap,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLString,
} from 'graphql';
import { ARRAY_OPS, GENERIC_OPS, isTextual, JSONB_OPS, TEXT_OPS } from '../model/scalars.ts';
import type { Column, Table, TablePermissions } from '../model/types.ts';
import { aggregateBoolExp, aggregateOrderBy, aggregateType } from './aggregate-types.ts';
import { info } from './info.ts';
import type { TypeRegistry } from './registry.ts';
import { permissionsFor } from './view.ts';
import { list, nn } from './wrappers.ts';

const desc = (s: string | null | undefined) => s ?? undefined;

/** Builds the query-side types of tables for one role. */
export class TableTypes {
  constructor(
    readonly reg: TypeRegistry,
    readonly role: string,
    readonly backendOnly: boolean,
  ) {}

  perms(table: Table): TablePermissions {
    return permissionsFor(table, this.role, this.backendOnly);
  }

  /** Columns the role may select, in table order. */
  selectColumns(table: Table): Column[] {
    const select = this.perms(table).select;
    return select ? table.columns.filter((c) => select.columns.has(c.name)) : [];
  }

  /** The GraphQL type of a column's values. */
  columnType(column: Column): GraphQLInputType & GraphQLOutputType {
    const base = column.enumTable ? this.enumTable(column.enumTable) : this.reg.scalar(column.scalar);
    return column.isArray ? list(nn(base)) : base;
  }

  enumTable(table: Table): GraphQLEnumType {
    return this.reg.get(`${table.gqlName}_enum`, () => {
      const values: GraphQLEnumValueConfigMap = {};
      for (const v of table.enumValues) values[v.value] = { value: v.value, description: desc(v.comment) };
      return new GraphQLEnumType({ name: `${table.gqlName}_enum`, values });
    });
  }

  /** Type `T`: selectable columns, computed fields and relationships to tables the role can read. */
  object(table: Table): GraphQLObjectType {
    return this.reg.get(
      table.gqlName,
      () =>
        new GraphQLObjectType({
          name: table.gqlName,
          description: desc(table.comment) ?? `columns and relationships of "${table.name}"`,
          fields: () => {
            const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
            const select = this.perms(table).select!;
            for (const c of this.selectColumns(table)) {
              const type = this.columnType(c);
              const args: GraphQLFieldConfigArgumentMap =
                c.scalar === 'json' || c.scalar === 'jsonb'
                  ? { path: { type: GraphQLString, description: 'JSON select path' } }
                  : {};
              fields[c.gqlName] = {
                type: c.nullable ? type : nn(type),
                args,
                description: desc(c.comment),
                extensions: info({ kind: 'column', column: c }),
              };
            }
            for (const f of table.computed.values()) {
              if (!select.computed.has(f.name)) continue;
              if (f.returnsTable) {
                if (!this.perms(f.returnsTable).select) continue;
                const target = this.object(f.returnsTable);
                fields[f.name] = f.returnsSet
                  ? {
                      type: nn(list(nn(target))),
                      args: this.selectArgs(f.returnsTable),
                      description: desc(f.comment),
                      extensions: info({ kind: 'computed', field: f }),
                    }
                  : {
                      type: target,
                      description: desc(f.comment),
                      extensions: info({ kind: 'computed', field: f }),
                    };
              } else
                fields[f.name] = {
                  type: this.reg.scalar(f.scalar),
                  description: desc(f.comment),
                  extensions: info({ kind: 'computed', field: f }),
                };
            }
            for (const rel of table.relationships.values()) {
              const targetPerms = this.perms(rel.target).select;
              if (!targetPerms) continue;
              const target = this.object(rel.target);
              if (rel.kind === 'object')
                fields[rel.name] = {
                  type: rel.nullable ? target : nn(target),
                  description: desc(rel.comment) ?? 'An object relationship',
                  extensions: info({ kind: 'rel', rel }),
                };
              else {
                fields[rel.name] = {
                  type: nn(list(nn(target))),
                  args: this.selectArgs(rel.target),
                  description: desc(rel.comment) ?? 'An array relationship',
                  extensions: info({ kind: 'rel', rel }),
                };
                if (targetPerms.allowAggregations)
                  fields[`${rel.name}_aggregate`] = {
                    type: nn(aggregateType(this, rel.target)),
                    args: this.selectArgs(rel.target),
                    description: 'An aggregate relationship',
                    extensions: info({ kind: 'rel_aggregate', rel }),
                  };
              }
            }
            return fields;
          },
        }),
    );
  }

  /** `where`, `order_by`, `limit`, `offset`, `distinct_on`. */
  selectArgs(table: Table): GraphQLFieldConfigArgumentMap {
    const args: GraphQLFieldConfigArgumentMap = {};
    const columns = this.selectColumns(table);
    if (columns.length)
      args.distinct_on = {
        type: list(nn(this.selectColumn(table))),
        description: 'distinct select on columns',
      };
    args.limit = { type: GraphQLInt, description: 'limit the number of rows returned' };
    args.offset = { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by' };
    args.order_by = {
      type: list(nn(this.orderBy(table))),
      description: 'sort the rows by one or more columns',
    };
    args.where = { type: this.boolExp(table), description: 'filter the rows returned' };
    return args;
  }

  selectColumn(table: Table): GraphQLEnumType {
    return this.reg.get(`${table.gqlName}_select_column`, () => {
      const values: GraphQLEnumValueConfigMap = {};
      for (const c of this.selectColumns(table))
        values[c.gqlName] = { value: c.name, description: 'column name' };
      return new GraphQLEnumType({
        name: `${table.gqlName}_select_column`,
        description: `select columns of table "${table.name}"`,
        values,
      });
    });
  }

  /** `<scalar>_comparison_exp` with Hasura's operators for the type. */
  comparison(column: Pick<Column, 'scalar' | 'isArray' | 'enumTable'>): GraphQLInputObjectType {
    const scalar = column.scalar;
    const name = column.isArray ? `${scalar}_array_comparison_exp` : `${scalar}_comparison_exp`;
    return this.reg.get(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `Boolean expression to compare columns of type "${scalar}". All fields are combined with logical 'AND'.`,
          fields: () => {
            const base = column.enumTable ? this.enumTable(column.enumTable) : this.reg.scalar(scalar);
            const value = column.isArray ? list(nn(base)) : base;
            const fields: GraphQLInputFieldConfigMap = {};
            const ops = column.enumTable
              ? ['_eq', '_in', '_is_null', '_neq', '_nin']
              : scalar === 'json'
                ? ['_is_null']
                : [...GENERIC_OPS];
            if (column.isArray) ops.push(...ARRAY_OPS);
            else if (scalar === 'jsonb') ops.push(...JSONB_OPS, '_cast');
            else if (isTextual(scalar)) ops.push(...TEXT_OPS);
            for (const op of ops.sort()) {
              if (op === '_is_null') fields[op] = { type: GraphQLBoolean };
              else if (op === '_in' || op === '_nin') fields[op] = { type: list(nn(value)) };
              else if (op === '_has_key') fields[op] = { type: GraphQLString };
              else if (op === '_has_keys_all' || op === '_has_keys_any')
                fields[op] = { type: list(nn(GraphQLString)) };
              else if (op === '_cast') fields[op] = { type: this.jsonbCast() };
              else if (TEXT_OPS.includes(op)) fields[op] = { type: GraphQLString };
              else fields[op] = { type: value };
            }
            return fields;
          },
        }),
    );
  }

  jsonbCast(): GraphQLInputObjectType {
    return this.reg.get(
      'jsonb_cast_exp',
      () =>
        new GraphQLInputObjectType({
          name: 'jsonb_cast_exp',
          fields: () => ({ String: { type: this.comparison({ scalar: 'String', isArray: false }) } }),
        }),
    );
  }

  /** `T_bool_exp`. */
  boolExp(table: Table): GraphQLInputObjectType {
    const name = `${table.gqlName}_bool_exp`;
    return this.reg.get(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `Boolean expression to filter rows from the table "${table.name}". All fields are combined with a logical 'AND'.`,
          fields: () => {
            const self = this.boolExp(table);
            const fields: GraphQLInputFieldConfigMap = {
              _and: { type: list(nn(self)) },
              _not: { type: self },
              _or: { type: list(nn(self)) },
            };
            for (const c of this.selectColumns(table))
              fields[c.gqlName] = {
                type: this.comparison(c),
                extensions: info({ kind: 'column', column: c }),
              };
            const select = this.perms(table).select;
            for (const f of table.computed.values())
              if (select?.computed.has(f.name) && !f.returnsTable)
                fields[f.name] = {
                  type: this.comparison({ scalar: f.scalar, isArray: false }),
                  extensions: info({ kind: 'computed', field: f }),
                };
            for (const rel of table.relationships.values()) {
              const target = this.perms(rel.target).select;
              if (!target) continue;
              fields[rel.name] = { type: this.boolExp(rel.target), extensions: info({ kind: 'rel', rel }) };
              if (rel.kind === 'array' && target.allowAggregations)
                fields[`${rel.name}_aggregate`] = {
                  type: aggregateBoolExp(this, rel.target),
                  extensions: info({ kind: 'rel_aggregate', rel }),
                };
            }
            return fields;
          },
        }),
    );
  }

  /** `T_order_by`. */
  orderBy(table: Table): GraphQLInputObjectType {
    const name = `${table.gqlName}_order_by`;
    return this.reg.get(
      name,
      () =>
        new GraphQLInputObjectType({
          name,
          description: `Ordering options when selecting data from "${table.name}".`,
          fields: () => {
            const fields: GraphQLInputFieldConfigMap = {};
            const ob = this.reg.orderBy();
            for (const c of this.selectColumns(table))
              fields[c.gqlName] = { type: ob, extensions: info({ kind: 'column', column: c }) };
            const select = this.perms(table).select;
            for (const f of table.computed.values())
              if (select?.computed.has(f.name) && !f.returnsTable)
                fields[f.name] = { type: ob, extensions: info({ kind: 'computed', field: f }) };
            for (const rel of table.relationships.values()) {
              const target = this.perms(rel.target).select;
              if (!target) continue;
              if (rel.kind === 'object')
                fields[rel.name] = { type: this.orderBy(rel.target), extensions: info({ kind: 'rel', rel }) };
              else
                fields[`${rel.name}_aggregate`] = {
                  type: aggregateOrderBy(this, rel.target),
                  extensions: info({ kind: 'rel_aggregate', rel }),
                };
            }
            return fields;
          },
        }),
    );
  }

  /** Arguments of `T_by_pk` / `delete_T_by_pk`: one non-null argument per primary-key column. */
  pkArgs(table: Table): GraphQLFieldConfigArgumentMap {
    return Object.fromEntries(table.primaryKey!.map((c) => [c.gqlName, { type: nn(this.columnType(c)) }]));
  }

  canSelectPk(table: Table): boolean {
    const select = this.perms(table).select;
    return !!table.primaryKey && !!select && table.primaryKey.every((c) => select.columns.has(c.name));
  }
}

/** A graphql-js output field configuration. */
export type FieldConfig = GraphQLFieldConfig<unknown, unknown>;
