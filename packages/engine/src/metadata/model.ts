import type { Catalog, CatalogTable } from '../catalog/introspect.ts';
import { tableKey } from '../catalog/introspect.ts';
import { scalarFor } from '../model/scalars.ts';
import type {
  Column,
  ComputedField,
  DeletePermission,
  InsertPermission,
  Model,
  Preset,
  RootFieldKind,
  SelectPermission,
  Table,
  TablePermissions,
  UpdatePermission,
} from '../model/types.ts';
import { buildActions } from './actions-model.ts';
import { checkMetadata, qualifiedTable } from './check.ts';
import { inheritRoles } from './inherit.ts';
import { fileOf, MetadataError, type RawMetadata } from './load.ts';
import { isSessionVariable, parsePermissionExp } from './perm-exp.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const ROOT_KINDS: Array<[RootFieldKind, (t: string) => string]> = [
  ['select', (t) => t],
  ['select_by_pk', (t) => `${t}_by_pk`],
  ['select_aggregate', (t) => `${t}_aggregate`],
  ['select_stream', (t) => `${t}_stream`],
  ['insert', (t) => `insert_${t}`],
  ['insert_one', (t) => `insert_${t}_one`],
  ['update', (t) => `update_${t}`],
  ['update_by_pk', (t) => `update_${t}_by_pk`],
  ['update_many', (t) => `update_${t}_many`],
  ['delete', (t) => `delete_${t}`],
  ['delete_by_pk', (t) => `delete_${t}_by_pk`],
];

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Rows of enum tables, read from the database at start (`select pk, comment from t`). */
export type EnumRows = Map<string, Array<{ value: string; comment: string | null }>>;

/**
 * Validates raw metadata against the database and resolves it into the typed model the schema
 * builder and compilers use. Throws an AggregateError of MetadataErrors naming file and key.
 */
export function buildModel(raw: RawMetadata, catalogs: Map<string, Catalog>, enumRows: EnumRows): Model {
  const errors = checkMetadata(raw, catalogs);
  if (errors.length) throw new AggregateError(errors, errors.map((e) => e.message).join('\n'));
  const fallback = `${raw.dir}/databases/databases.yaml`;
  const source = raw.sources[0] as Obj | undefined;
  const catalog = source ? catalogs.get(String(source.name))! : undefined;
  const entries = (source && Array.isArray(source.tables) ? source.tables : []) as Obj[];
  const tables: Table[] = [];
  const byKey = new Map<string, Table>();
  const problems: MetadataError[] = [];
  const guard = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof MetadataError) problems.push(error);
      else throw error;
    }
  };

  for (const entry of entries) {
    const name = qualifiedTable(entry.table)!;
    const table = baseTable(entry, catalog!.tables.get(tableKey(name.schema, name.name))!);
    tables.push(table);
    byKey.set(tableKey(table.schema, table.name), table);
  }
  const gqlNames = new Map<string, Table>();
  for (const t of tables) {
    const clash = gqlNames.get(t.gqlName);
    if (clash)
      problems.push(
        new MetadataError(
          fallback,
          `table ${t.schema}.${t.name}`,
          `GraphQL name '${t.gqlName}' is also used by ${clash.schema}.${clash.name}`,
        ),
      );
    gqlNames.set(t.gqlName, t);
    if (!GRAPHQL_NAME.test(t.gqlName))
      problems.push(
        new MetadataError(
          fallback,
          `table ${t.schema}.${t.name}`,
          `'${t.gqlName}' is not a valid GraphQL name; set configuration.custom_name`,
        ),
      );
  }
  // Enum tables: values come from the database; columns referencing them become GraphQL enums.
  for (const [i, entry] of entries.entries()) {
    const table = tables[i]!;
    if (entry.is_enum !== true) continue;
    table.isEnum = true;
    table.enumValues = enumRows.get(tableKey(table.schema, table.name)) ?? [];
    for (const v of table.enumValues)
      if (!GRAPHQL_NAME.test(v.value))
        problems.push(
          new MetadataError(
            fileOf(entry, fallback),
            `table ${table.schema}.${table.name}.is_enum`,
            `value '${v.value}' is not a valid GraphQL name`,
          ),
        );
  }
  for (const table of tables) {
    for (const fk of table.catalog.constraints) {
      if (fk.kind !== 'f' || fk.columns.length !== 1 || !fk.references) continue;
      const target = byKey.get(tableKey(fk.references.schema, fk.references.table));
      if (!target?.isEnum) continue;
      const column = table.columnsByName.get(fk.columns[0]!)!;
      column.enumTable = target;
      column.scalar = `${target.gqlName}_enum`;
    }
  }
  const lookup = (schema: string, name: string) => byKey.get(tableKey(schema, name));
  for (const [i, entry] of entries.entries())
    guard(() => relationships(entry, tables[i]!, lookup, fileOf(entry, fallback)));
  for (const [i, entry] of entries.entries())
    guard(() => computedFields(entry, tables[i]!, catalog!, lookup, fileOf(entry, fallback)));
  for (const [i, entry] of entries.entries())
    permissions(entry, tables[i]!, lookup, fileOf(entry, fallback), guard);

  const roles = new Set<string>(['admin']);
  for (const t of tables) for (const r of t.permissions.keys()) roles.add(r);
  const { actions, sdl, relationships: actionRels } = buildActions(raw, lookup, guard);
  for (const a of actions) for (const r of a.roles) roles.add(r);
  const inheritedRoles = new Map<string, string[]>();
  guard(() => inheritRoles(raw, tables, actions, inheritedRoles, roles));
  if (problems.length) throw new AggregateError(problems, problems.map((e) => e.message).join('\n'));
  return {
    tables,
    tablesByKey: byKey,
    actions,
    actionTypesSdl: sdl,
    actionRelationships: actionRels,
    roles,
    inheritedRoles,
  };
}

function baseTable(entry: Obj, catalog: CatalogTable): Table {
  const config = (isObj(entry.configuration) ? entry.configuration : {}) as Obj;
  const gqlName =
    typeof config.custom_name === 'string'
      ? config.custom_name
      : catalog.schema === 'public'
        ? catalog.name
        : `${catalog.schema}_${catalog.name}`;
  const columnConfig = (isObj(config.column_config) ? config.column_config : {}) as Record<string, Obj>;
  const legacyNames = (isObj(config.custom_column_names) ? config.custom_column_names : {}) as Record<
    string,
    string
  >;
  const columns: Column[] = catalog.columns.map((c) => {
    const isArray = c.category === 'A';
    const udt = isArray ? (c.elementUdt ?? c.udt.replace(/^_/, '')) : c.udt;
    const cfg = columnConfig[c.name] ?? {};
    return {
      name: c.name,
      gqlName: typeof cfg.custom_name === 'string' ? cfg.custom_name : (legacyNames[c.name] ?? c.name),
      comment: typeof cfg.comment === 'string' ? cfg.comment : c.comment,
      udt,
      isArray,
      scalar: scalarFor(udt),
      nullable: c.nullable,
      hasDefault: c.hasDefault,
      writable: !c.isGenerated,
    };
  });
  const columnsByName = new Map(columns.map((c) => [c.name, c]));
  const custom = (isObj(config.custom_root_fields) ? config.custom_root_fields : {}) as Obj;
  const rootFields = {} as Table['rootFields'];
  for (const [kind, make] of ROOT_KINDS) {
    const value = custom[kind];
    if (typeof value === 'string') rootFields[kind] = { name: value, comment: null };
    else if (isObj(value) && typeof value.name === 'string')
      rootFields[kind] = {
        name: value.name,
        comment: typeof value.comment === 'string' ? value.comment : null,
      };
    else
      rootFields[kind] = {
        name: make(gqlName),
        comment: isObj(value) && typeof value.comment === 'string' ? value.comment : null,
      };
  }
  return {
    schema: catalog.schema,
    name: catalog.name,
    gqlName,
    comment: typeof config.comment === 'string' ? config.comment : catalog.comment,
    catalog,
    columns,
    columnsByName,
    primaryKey: catalog.primaryKey ? catalog.primaryKey.map((n) => columnsByName.get(n)!) : null,
    constraints: catalog.constraints
      .filter((k) => k.kind === 'p' || k.kind === 'u')
      .map((k) => ({ name: k.name, columns: k.columns })),
    relationships: new Map(),
    computed: new Map(),
    rootFields,
    isEnum: false,
    enumValues: [],
    permissions: new Map(),
  };
}

type Lookup = (schema: string, name: string) => Table | undefined;

function relationships(entry: Obj, table: Table, lookup: Lookup, file: string) {
  for (const kind of ['object', 'array'] as const) {
    const list = entry[`${kind}_relationships`];
    if (!Array.isArray(list)) continue;
    for (const rel of list as Obj[]) {
      const key = `table ${table.schema}.${table.name}.${kind}_relationships.${String(rel.name)}`;
      const using = rel.using as Obj;
      const fk = using.foreign_key_constraint_on;
      let target: Table | undefined;
      let mapping: Array<[string, string]>;
      let nullable = true;
      let insertBefore = kind === 'object';
      if (fk !== undefined && (typeof fk === 'string' || Array.isArray(fk))) {
        const cols = (typeof fk === 'string' ? [fk] : fk).map(String);
        const constraint = table.catalog.constraints.find(
          (k) =>
            k.kind === 'f' && k.columns.length === cols.length && cols.every((c) => k.columns.includes(c)),
        )!;
        target = lookup(constraint.references!.schema, constraint.references!.table);
        mapping = constraint.columns.map((c, i) => [c, constraint.references!.columns[i]!]);
        nullable = constraint.columns.some((c) => table.columnsByName.get(c)!.nullable);
      } else if (isObj(fk)) {
        const remote = qualifiedTable(fk.table)!;
        const cols = (Array.isArray(fk.columns) ? fk.columns : [fk.column]).map(String);
        const remoteCatalog = lookup(remote.schema, remote.name)?.catalog;
        target = lookup(remote.schema, remote.name);
        const constraint = remoteCatalog?.constraints.find(
          (k) =>
            k.kind === 'f' &&
            k.columns.length === cols.length &&
            cols.every((c) => k.columns.includes(c)) &&
            k.references?.table === table.name &&
            k.references.schema === table.schema,
        );
        mapping = constraint ? constraint.references!.columns.map((c, i) => [c, constraint.columns[i]!]) : [];
        insertBefore = false;
      } else {
        const manual = using.manual_configuration as Obj;
        const remote = qualifiedTable(manual.remote_table)!;
        target = lookup(remote.schema, remote.name);
        mapping = Object.entries(manual.column_mapping as Record<string, string>);
        insertBefore = kind === 'object' && manual.insertion_order !== 'after_parent';
      }
      if (!target) throw new MetadataError(file, key, 'the target table is not tracked');
      table.relationships.set(String(rel.name), {
        name: String(rel.name),
        kind,
        target,
        mapping,
        nullable,
        insertBefore,
        comment: typeof rel.comment === 'string' ? rel.comment : null,
      });
    }
  }
}

function computedFields(entry: Obj, table: Table, catalog: Catalog, lookup: Lookup, file: string) {
  if (!Array.isArray(entry.computed_fields)) return;
  for (const field of entry.computed_fields as Obj[]) {
    const key = `table ${table.schema}.${table.name}.computed_fields.${String(field.name)}`;
    const def = field.definition as Obj;
    const fnName = qualifiedTable(def.function)!;
    const overloads = catalog.functions.get(tableKey(fnName.schema, fnName.name)) ?? [];
    if (overloads.length !== 1)
      throw new MetadataError(file, `${key}.definition.function`, 'overloaded functions are not supported');
    const fn = overloads[0]!;
    const first = fn.argTypes[0];
    if (!first || first.udt !== table.name)
      throw new MetadataError(
        file,
        `${key}.definition.function`,
        `the first argument must be the row type ${table.schema}.${table.name}`,
      );
    if (typeof def.table_argument === 'string' && def.table_argument !== first.name)
      throw new MetadataError(
        file,
        `${key}.definition.table_argument`,
        'only the first argument may be the table argument',
      );
    const sessionArgument = typeof def.session_argument === 'string' ? def.session_argument : null;
    const others = fn.argTypes.slice(1).filter((a) => a.name !== sessionArgument && !a.hasDefault);
    if (others.length)
      throw new MetadataError(
        file,
        `${key}.definition.function`,
        'computed fields with extra arguments are not supported',
      );
    if (sessionArgument && !fn.argTypes.some((a) => a.name === sessionArgument))
      throw new MetadataError(file, `${key}.definition.session_argument`, 'no such argument');
    const returnsTable = lookup(fn.returnType.schema, fn.returnType.name) ?? null;
    const computed: ComputedField = {
      name: String(field.name),
      schema: fnName.schema,
      fn: fnName.name,
      returnsTable,
      returnsSet: fn.returnsSet,
      returnUdt: fn.returnType.name,
      scalar: scalarFor(fn.returnType.name),
      sessionArgument,
      tableArgument: typeof def.table_argument === 'string' ? def.table_argument : null,
      comment: typeof field.comment === 'string' ? field.comment : fn.comment,
    };
    if (!returnsTable && fn.returnsSet)
      throw new MetadataError(
        file,
        `${key}.definition.function`,
        'SETOF scalar computed fields are not supported',
      );
    table.computed.set(computed.name, computed);
  }
}

function presets(raw: unknown, table: Table, file: string, key: string): Map<string, Preset> {
  const out = new Map<string, Preset>();
  if (!isObj(raw)) return out;
  for (const [column, value] of Object.entries(raw)) {
    if (!table.columnsByName.has(column)) throw new MetadataError(file, `${key}.${column}`, 'no such column');
    out.set(
      column,
      isSessionVariable(value) ? { kind: 'session', name: value.toLowerCase() } : { kind: 'literal', value },
    );
  }
  return out;
}

const columnSet = (raw: unknown, table: Table) =>
  new Set(raw === '*' ? table.columns.map((c) => c.name) : Array.isArray(raw) ? raw.map(String) : []);

function permissions(
  entry: Obj,
  table: Table,
  lookup: Lookup,
  file: string,
  guard: (fn: () => void) => void,
) {
  const perms = (role: string): TablePermissions => {
    let p = table.permissions.get(role);
    if (!p) {
      p = {};
      table.permissions.set(role, p);
    }
    return p;
  };
  for (const kind of ['select', 'insert', 'update', 'delete'] as const) {
    const list = entry[`${kind}_permissions`];
    if (!Array.isArray(list)) continue;
    for (const item of list as Obj[]) {
      const role = String(item.role);
      const p = item.permission as Obj;
      const key = `table ${table.schema}.${table.name}.${kind}_permissions.${role}.permission`;
      const exp = (name: string) =>
        parsePermissionExp(p[name], table, table, { file, key: `${key}.${name}`, tableByName: lookup });
      guard(() => {
        if (p.validate_input !== undefined)
          throw new MetadataError(
            file,
            `${key}.validate_input`,
            'input validation webhooks are not supported by this engine',
          );
        if (kind === 'select') {
          const limit = p.limit === undefined || p.limit === null ? null : Number(p.limit);
          if (limit !== null && (!Number.isInteger(limit) || limit < 0))
            throw new MetadataError(file, `${key}.limit`, 'expected a non-negative integer');
          const rootSet = (name: string) =>
            Array.isArray(p[name]) ? new Set((p[name] as unknown[]).map(String)) : null;
          const select: SelectPermission = {
            columns: columnSet(p.columns, table),
            computed: new Set(Array.isArray(p.computed_fields) ? p.computed_fields.map(String) : []),
            filter: exp('filter'),
            limit,
            allowAggregations: p.allow_aggregations === true,
            queryRootFields: rootSet('query_root_fields'),
            subscriptionRootFields: rootSet('subscription_root_fields'),
          };
          perms(role).select = select;
        } else if (kind === 'insert') {
          const insert: InsertPermission = {
            raw: JSON.stringify(p),
            columns: columnSet(p.columns, table),
            check: exp('check'),
            set: presets(p.set, table, file, `${key}.set`),
            backendOnly: p.backend_only === true,
          };
          perms(role).insert = insert;
        } else if (kind === 'update') {
          const update: UpdatePermission = {
            raw: JSON.stringify(p),
            columns: columnSet(p.columns, table),
            filter: exp('filter'),
            check: p.check === undefined || p.check === null ? null : exp('check'),
            set: presets(p.set, table, file, `${key}.set`),
            backendOnly: p.backend_only === true,
          };
          perms(role).update = update;
        } else {
          const del: DeletePermission = {
            raw: JSON.stringify(p),
            filter: exp('filter'),
            backendOnly: p.backend_only === true,
          };
          perms(role).delete = del;
        }
      });
    }
  }
}
