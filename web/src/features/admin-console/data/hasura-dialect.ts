import {
  ADMIN_CONSOLE_HIDDEN_TABLES,
  ADMIN_CONSOLE_NO_DELETE_MESSAGE,
  ADMIN_CONSOLE_SECRET_FIELDS,
} from '@portal/domain';
import type {
  IntrospectionField,
  IntrospectionInputObjectType,
  IntrospectionType,
  IntrospectionTypeRef,
} from 'graphql';
import { parse } from 'graphql';
import type { BuildQueryFactory, BuildQueryResult, IntrospectionResult } from 'ra-data-graphql';

/**
 * Hasura's names for react-admin's operations on a table `t`: the list is `t` with
 * `t_aggregate` for the total, one row is `t_by_pk`, writes are `insert_t_one` and
 * `update_t_by_pk`. There is no delete: the console archives (see docs/decisions/admin-console.md).
 */
export const HASURA_OPERATION_NAMES = {
  GET_LIST: (type: IntrospectionType) => type.name,
  GET_ONE: (type: IntrospectionType) => `${type.name}_by_pk`,
  GET_MANY: (type: IntrospectionType) => type.name,
  GET_MANY_REFERENCE: (type: IntrospectionType) => type.name,
  CREATE: (type: IntrospectionType) => `insert_${type.name}_one`,
  UPDATE: (type: IntrospectionType) => `update_${type.name}_by_pk`,
};

/** A column of a table as the console shows it. */
export interface ConsoleColumn {
  name: string;
  /** The GraphQL scalar or enum name (String, Int, Boolean, timestamptz, date, …). */
  type: string;
  nullable: boolean;
  /** Whether the admin may set it on update / insert (it is in `t_set_input` / `t_insert_input`). */
  updatable: boolean;
  insertable: boolean;
}

/** A tracked table as the console shows it. */
export interface ConsoleTable {
  name: string;
  columns: ConsoleColumn[];
  /** The primary key column; null for a table without a one-column key (listed, not opened). */
  key: string | null;
  /** The type of the key argument, as GraphQL writes it (`Int!`, `uuid!`, …). */
  keyType: string | null;
  /** Whether the table archives rows (an `archived` column). */
  archives: boolean;
  creatable: boolean;
}

export function typeRefString(ref: IntrospectionTypeRef): string {
  if (ref.kind === 'NON_NULL') return `${typeRefString(ref.ofType)}!`;
  if (ref.kind === 'LIST') return `[${typeRefString(ref.ofType)}]`;
  return ref.name;
}

function namedType(ref: IntrospectionTypeRef): { kind: string; name: string } {
  let current = ref;
  while (current.kind === 'NON_NULL' || current.kind === 'LIST') current = current.ofType;
  return current;
}

/** Reads the tables, their columns and keys out of the introspection result. */
export function describeTables(introspection: IntrospectionResult): ConsoleTable[] {
  const types = new Map(introspection.types.map((t) => [t.name, t]));
  // ra-data-graphql's `queries` are the fields of both roots (query and mutation).
  const rootFields = new Map<string, IntrospectionField>(
    (introspection.queries as unknown as IntrospectionField[]).map((field) => [field.name, field]),
  );
  const inputFields = (name: string) =>
    new Set(
      ((types.get(name) as IntrospectionInputObjectType | undefined)?.inputFields ?? []).map((f) => f.name),
    );
  return introspection.resources
    .map(({ type }) => {
      const settable = inputFields(`${type.name}_set_input`);
      const insertable = inputFields(`${type.name}_insert_input`);
      const columns = type.fields
        .filter((field) => ['SCALAR', 'ENUM'].includes(namedType(field.type).kind) && field.args.length === 0)
        // Secrets stay out of the console (its endpoint refuses them too).
        .filter((field) => !ADMIN_CONSOLE_SECRET_FIELDS.has(field.name))
        .map((field) => ({
          name: field.name,
          type: namedType(field.type).name,
          nullable: field.type.kind !== 'NON_NULL',
          updatable: settable.has(field.name),
          insertable: insertable.has(field.name),
        }));
      const byPk = rootFields.get(`${type.name}_by_pk`);
      const single = byPk?.args.length === 1 ? byPk.args[0]! : null;
      // A row's key is how every reference finds it: shown, never changed here.
      for (const column of columns) if (column.name === single?.name) column.updatable = false;
      return {
        name: type.name,
        columns,
        key: single?.name ?? null,
        keyType: single ? typeRefString(single.type) : null,
        archives: columns.some((c) => c.name === 'archived' && c.type === 'Boolean'),
        creatable: rootFields.has(`insert_${type.name}_one`),
      };
    })
    .filter(
      (table) => rootFields.has(`${table.name}_aggregate`) && !ADMIN_CONSOLE_HIDDEN_TABLES.has(table.name),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Text columns are searched as "contains, any case"; other columns must equal the value. */
function whereOf(table: ConsoleTable, filter: Record<string, unknown> = {}): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || value === null) continue;
    const column = table.columns.find((c) => c.name === name);
    if (!column) continue;
    if (column.type === 'String' || column.type === 'citext') {
      const escaped = String(value).replace(/[\\%_]/g, (c) => `\\${c}`);
      and.push({ [name]: { _ilike: `%${escaped}%` } });
    } else if (Array.isArray(value)) {
      and.push({ [name]: { _in: value } });
    } else {
      and.push({ [name]: { _eq: value } });
    }
  }
  return and.length === 0 ? {} : { _and: and };
}

type Row = Record<string, unknown>;

/** What react-admin passes to a data provider call (the parts the dialect reads). */
interface RaParams {
  filter?: Record<string, unknown>;
  ids?: unknown[];
  target?: string;
  id?: unknown;
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  data?: Row;
  previousData?: Row;
}

/** react-admin takes ids from the URL as text: an integer key goes back as a number. */
function keyValue(table: ConsoleTable, id: unknown): unknown {
  const integer = /^(Int|bigint|smallint)!?$/.test(table.keyType ?? '');
  return integer && typeof id === 'string' && /^-?\d+$/.test(id) ? Number(id) : id;
}

const withId = (table: ConsoleTable) => (row: Row) => ({
  ...row,
  id: table.key ? row[table.key] : undefined,
});

/** Only the columns the admin may write, without react-admin's own `id` (unless it is a column). */
function writable(table: ConsoleTable, data: Row, which: 'updatable' | 'insertable', previous?: Row): Row {
  const out: Row = {};
  for (const column of table.columns) {
    if (!column[which] || !(column.name in data)) continue;
    const value = data[column.name] === '' && column.type !== 'String' ? null : data[column.name];
    if (previous && previous[column.name] === value) continue;
    out[column.name] = value;
  }
  return out;
}

/**
 * ra-data-graphql's `buildQuery` for Hasura: one GraphQL document per react-admin call, built from
 * the introspected tables. Delete is refused (archive instead); the endpoint refuses it too.
 */
export const buildHasuraQuery: BuildQueryFactory = (introspection) => {
  const tables = new Map(describeTables(introspection).map((t) => [t.name, t]));
  return (fetchType: string, resource: string, params: RaParams): BuildQueryResult => {
    const table = tables.get(resource);
    if (!table) throw new Error(`Unknown table ${resource}.`);
    const fields = table.columns.map((c) => c.name).join(' ');
    const name = table.name;
    const toRecord = withId(table);
    switch (fetchType) {
      case 'GET_LIST':
      case 'GET_MANY':
      case 'GET_MANY_REFERENCE': {
        let where = whereOf(table, params.filter);
        if (fetchType === 'GET_MANY')
          where = { [table.key ?? 'id']: { _in: (params.ids ?? []).map((id) => keyValue(table, id)) } };
        if (fetchType === 'GET_MANY_REFERENCE')
          where = { _and: [where, { [params.target ?? 'id']: { _eq: params.id } }] };
        const { page = 1, perPage = 25 } = params.pagination ?? {};
        const asked = params.sort;
        const sort = asked && table.columns.some((c) => c.name === asked.field) ? asked : null;
        const orderBy = [
          ...(sort ? [{ [sort.field]: sort.order === 'DESC' ? 'desc' : 'asc' }] : []),
          ...(table.key && sort?.field !== table.key ? [{ [table.key]: 'asc' }] : []),
        ];
        const paged = fetchType !== 'GET_MANY';
        return {
          query:
            parse(`query ${`Console_${name}_list`}($where: ${name}_bool_exp, $orderBy: [${name}_order_by!], $limit: Int, $offset: Int) {
            items: ${name}(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${fields} }
            total: ${name}_aggregate(where: $where) { aggregate { count } }
          }`),
          variables: {
            where,
            orderBy,
            limit: paged ? perPage : undefined,
            offset: paged ? (page - 1) * perPage : undefined,
          },
          parseResponse: (response) => ({
            data: (response.data.items as Row[]).map(toRecord),
            total: response.data.total.aggregate.count as number,
          }),
        };
      }
      case 'GET_ONE':
        return {
          query: parse(`query ${`Console_${name}_one`}($id: ${table.keyType}) {
            item: ${name}_by_pk(${table.key}: $id) { ${fields} }
          }`),
          variables: { id: keyValue(table, params.id) },
          parseResponse: (response) => ({ data: toRecord(response.data.item) }),
        };
      case 'UPDATE':
        return {
          query:
            parse(`mutation ${`Console_${name}_update`}($key: ${name}_pk_columns_input!, $set: ${name}_set_input) {
            item: update_${name}_by_pk(pk_columns: $key, _set: $set) { ${fields} }
          }`),
          variables: {
            key: { [table.key!]: keyValue(table, params.id) },
            set: writable(table, params.data ?? {}, 'updatable', params.previousData),
          },
          parseResponse: (response) => ({ data: toRecord(response.data.item) }),
        };
      case 'CREATE':
        return {
          query: parse(`mutation ${`Console_${name}_create`}($object: ${name}_insert_input!) {
            item: insert_${name}_one(object: $object) { ${fields} }
          }`),
          variables: { object: writable(table, params.data ?? {}, 'insertable') },
          parseResponse: (response) => ({ data: toRecord(response.data.item) }),
        };
      default:
        throw new Error(ADMIN_CONSOLE_NO_DELETE_MESSAGE);
    }
  };
};
