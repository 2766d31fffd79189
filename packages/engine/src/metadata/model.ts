import type { Catalog, CatalogTable } from '../catalog/introspect.ts';
import { tableKey } from '../catalog/introspect.ts';
import { scalarFor } from '../model/scalars.ts';
import type { Column, Model, RootFieldKind, Table } from '../model/types.ts';
import { buildActions } from './actions-model.ts';
import { checkMetadata, qualifiedTable } from './check.ts';
import { buildFunctions } from './functions-model.ts';
import { inheritRoles } from './inherit.ts';
import { fileOf, MetadataError, type RawMetadata } from './load.ts';
import { permissions } from './permissions-model.ts';
import { computedFields, relationships } from './relations-model.ts';

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
export function buildModel(
  raw: RawMetadata,
  catalogs: Map<string, Catalog>,
  enumRows: EnumRows,
  /** Permission slots dropped as inconsistent (`deniedSlot`): never filled by inheritance. */
  denied: ReadonlySet<string> = new Set(),
): Model {
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
    if (!table.enumValues.length)
      problems.push(
        new MetadataError(
          fileOf(entry, fallback),
          `table ${table.schema}.${table.name}.is_enum`,
          'an enum table needs at least one row',
        ),
      );
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
  const functions = buildFunctions(
    Array.isArray(source?.functions) ? source.functions : [],
    catalog!,
    lookup,
    fallback,
    guard,
  );
  for (const a of actions) for (const r of a.roles) roles.add(r);
  const inheritedRoles = new Map<string, string[]>();
  guard(() => inheritRoles(raw, tables, actions, inheritedRoles, roles, denied));
  if (problems.length) throw new AggregateError(problems, problems.map((e) => e.message).join('\n'));
  return {
    tables,
    functions,
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
