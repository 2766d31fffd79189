import type { Catalog, CatalogTable } from '../catalog/introspect.ts';
import { tableKey } from '../catalog/introspect.ts';
import {
  CONFIGURATION_KEYS,
  PERMISSION_KEYS,
  REFUSED_TABLE_KEYS,
  ROOT_FIELD_KEYS,
  SOURCE_KEYS,
  TABLE_KEYS,
} from './check-keys.ts';
import { checkTopLevel } from './check-top-level.ts';
import { fileOf, MetadataError, type RawMetadata } from './load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** A table name as written in metadata: `{schema, name}` or a bare string meaning `public`. */
export function qualifiedTable(value: unknown): { schema: string; name: string } | null {
  if (typeof value === 'string') return { schema: 'public', name: value };
  if (isObj(value) && typeof value.name === 'string') {
    return { schema: typeof value.schema === 'string' ? value.schema : 'public', name: value.name };
  }
  return null;
}

class Checker {
  readonly errors: MetadataError[] = [];
  constructor(
    private readonly catalog: Catalog,
    private readonly fallbackFile: string,
  ) {}

  fail(node: unknown, key: string, message: string) {
    this.errors.push(new MetadataError(fileOf(node, this.fallbackFile), key, message));
  }

  keys(node: Obj, allowed: Set<string>, where: string, refused: Record<string, string> = {}) {
    for (const key of Object.keys(node)) {
      if (refused[key]) this.fail(node, `${where}.${key}`, refused[key]);
      else if (!allowed.has(key)) this.fail(node, `${where}.${key}`, 'unknown or unsupported metadata key');
    }
  }

  table(entry: unknown, index: number, source: string) {
    const where = `sources[${source}].tables[${index}]`;
    if (!isObj(entry)) {
      this.fail(entry, where, 'expected an object');
      return;
    }
    this.keys(entry, TABLE_KEYS, where, REFUSED_TABLE_KEYS);
    const name = qualifiedTable(entry.table);
    if (!name) {
      this.fail(entry, `${where}.table`, 'expected {schema, name} or a table name');
      return;
    }
    const label = `table ${name.schema}.${name.name}`;
    const table = this.catalog.tables.get(tableKey(name.schema, name.name));
    if (!table) {
      this.fail(entry, `${label}.table`, `no such table or view in the database`);
      return;
    }
    const columns = new Set(table.columns.map((c) => c.name));
    if (entry.is_enum === true) this.enumTable(entry, label, table);
    this.configuration(entry, label, columns);
    this.relationships(entry, label, table, columns);
    const computedNames = this.computedFields(entry, label);
    this.permissions(entry, label, columns, computedNames);
  }

  /** A table's `configuration`: its keys, and that its column maps name real columns. */
  configuration(entry: Obj, label: string, columns: Set<string>) {
    if (entry.configuration === undefined) return;
    const config = entry.configuration;
    if (!isObj(config)) {
      this.fail(entry, `${label}.configuration`, 'expected an object');
      return;
    }
    this.keys(config, CONFIGURATION_KEYS, `${label}.configuration`);
    if (isObj(config.custom_root_fields)) {
      this.keys(config.custom_root_fields, ROOT_FIELD_KEYS, `${label}.configuration.custom_root_fields`);
    }
    for (const mapKey of ['column_config', 'custom_column_names'] as const) {
      const map = config[mapKey];
      if (map === undefined) continue;
      if (!isObj(map)) this.fail(config, `${label}.configuration.${mapKey}`, 'expected an object');
      else
        for (const column of Object.keys(map)) {
          if (!columns.has(column))
            this.fail(config, `${label}.configuration.${mapKey}.${column}`, 'no such column');
        }
    }
  }

  /** A table's object and array relationships: names unique among columns and relationships, each one sound. */
  relationships(entry: Obj, label: string, table: CatalogTable, columns: Set<string>) {
    const relationshipNames = new Set<string>();
    for (const kind of ['object_relationships', 'array_relationships'] as const) {
      const list = entry[kind];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) {
        this.fail(entry, `${label}.${kind}`, 'expected a list');
        continue;
      }
      for (const [i, rel] of list.entries()) {
        const relWhere = `${label}.${kind}[${i}]`;
        if (!isObj(rel) || typeof rel.name !== 'string') {
          this.fail(entry, relWhere, 'expected {name, using}');
          continue;
        }
        if (relationshipNames.has(rel.name) || columns.has(rel.name)) {
          this.fail(
            rel,
            `${label}.${kind}.${rel.name}`,
            'name clashes with a column or another relationship',
          );
        }
        relationshipNames.add(rel.name);
        this.keys(rel, new Set(['name', 'using', 'comment']), `${label}.${kind}.${rel.name}`);
        this.relationship(rel, `${label}.${kind}.${rel.name}`, table, kind === 'object_relationships');
      }
    }
  }

  /** A table's computed fields, each naming a function the database has; returns their names. */
  computedFields(entry: Obj, label: string): Set<string> {
    const computedNames = new Set<string>();
    if (!Array.isArray(entry.computed_fields)) return computedNames;
    for (const [i, field] of entry.computed_fields.entries()) {
      const fieldWhere = `${label}.computed_fields[${i}]`;
      if (!isObj(field) || typeof field.name !== 'string') {
        this.fail(entry, fieldWhere, 'expected {name, definition}');
        continue;
      }
      computedNames.add(field.name);
      this.keys(field, new Set(['name', 'definition', 'comment']), `${label}.computed_fields.${field.name}`);
      const fn = isObj(field.definition) ? qualifiedTable(field.definition.function) : null;
      if (!fn) {
        this.fail(field, `${label}.computed_fields.${field.name}.definition.function`, 'missing');
        continue;
      }
      if (!this.catalog.functions.has(tableKey(fn.schema, fn.name))) {
        this.fail(
          field,
          `${label}.computed_fields.${field.name}.definition.function`,
          `no function ${fn.schema}.${fn.name}`,
        );
      }
    }
    return computedNames;
  }

  /** A table's permissions of each kind: one per role, never admin, naming real columns and computed fields. */
  permissions(entry: Obj, label: string, columns: Set<string>, computedNames: Set<string>) {
    for (const kind of Object.keys(PERMISSION_KEYS)) {
      const list = entry[kind];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) {
        this.fail(entry, `${label}.${kind}`, 'expected a list');
        continue;
      }
      const roles = new Set<string>();
      list.forEach((perm, i) => {
        if (!isObj(perm) || typeof perm.role !== 'string' || !isObj(perm.permission)) {
          this.fail(entry, `${label}.${kind}[${i}]`, 'expected {role, permission}');
          return;
        }
        const permWhere = `${label}.${kind}.${perm.role}`;
        if (perm.role === 'admin') this.fail(perm, permWhere, "the 'admin' role cannot be given permissions");
        if (roles.has(perm.role)) this.fail(perm, permWhere, 'role listed twice');
        roles.add(perm.role);
        this.keys(perm, new Set(['role', 'permission', 'comment']), permWhere);
        this.keys(perm.permission, PERMISSION_KEYS[kind]!, `${permWhere}.permission`);
        this.permissionColumns(perm, perm.permission, permWhere, columns, computedNames);
      });
    }
  }

  /** The columns, presets and computed fields one permission names. */
  permissionColumns(
    perm: Obj,
    permission: Obj,
    permWhere: string,
    columns: Set<string>,
    computedNames: Set<string>,
  ) {
    const cols = permission.columns;
    if (Array.isArray(cols)) {
      for (const c of cols)
        if (!columns.has(String(c)))
          this.fail(perm, `${permWhere}.permission.columns`, `no such column '${c}'`);
    } else if (cols !== undefined && cols !== '*') {
      this.fail(perm, `${permWhere}.permission.columns`, 'expected a list of columns or "*"');
    }
    if (isObj(permission.set)) {
      for (const c of Object.keys(permission.set)) {
        if (!columns.has(c)) this.fail(perm, `${permWhere}.permission.set.${c}`, 'no such column');
      }
    }
    if (Array.isArray(permission.computed_fields)) {
      for (const c of permission.computed_fields) {
        if (!computedNames.has(String(c)))
          this.fail(perm, `${permWhere}.permission.computed_fields`, `no computed field '${c}'`);
      }
    }
  }

  enumTable(entry: Obj, label: string, table: CatalogTable) {
    const pk = table.primaryKey;
    if (pk?.length !== 1)
      return this.fail(entry, `${label}.is_enum`, 'an enum table needs a single-column primary key');
    const textual = (name: string) => {
      const column = table.columns.find((c) => c.name === name);
      return column && ['text', 'varchar', 'citext', 'bpchar'].includes(column.udt);
    };
    if (!textual(pk[0]!))
      this.fail(entry, `${label}.is_enum`, 'the primary key of an enum table must be text');
    if (table.columns.length > 2)
      this.fail(entry, `${label}.is_enum`, 'an enum table may have at most one column besides its key');
  }

  relationship(rel: Obj, where: string, table: CatalogTable, isObject: boolean) {
    const using = rel.using;
    if (!isObj(using)) {
      this.fail(rel, `${where}.using`, 'expected an object');
      return;
    }
    this.keys(using, new Set(['foreign_key_constraint_on', 'manual_configuration']), `${where}.using`);
    const fk = using.foreign_key_constraint_on;
    if (fk !== undefined) {
      if (typeof fk === 'string' || Array.isArray(fk)) {
        if (!isObject)
          return this.fail(
            rel,
            `${where}.using.foreign_key_constraint_on`,
            'an array relationship needs {table, column}',
          );
        const cols = (typeof fk === 'string' ? [fk] : fk).map(String);
        const found = table.constraints.find((k) => k.kind === 'f' && sameSet(k.columns, cols));
        if (!found)
          this.fail(
            rel,
            `${where}.using.foreign_key_constraint_on`,
            `no foreign key on (${cols.join(', ')})`,
          );
        return;
      }
      if (!isObj(fk))
        return this.fail(
          rel,
          `${where}.using.foreign_key_constraint_on`,
          'expected a column, columns or {table, column}',
        );
      const remote = qualifiedTable(fk.table);
      const cols = (Array.isArray(fk.columns) ? fk.columns : [fk.column]).map(String);
      const target = remote && this.catalog.tables.get(tableKey(remote.schema, remote.name));
      if (!target) {
        this.fail(rel, `${where}.using.foreign_key_constraint_on.table`, 'no such table');
        return;
      }
      const found = target.constraints.find(
        (k) =>
          k.kind === 'f' &&
          sameSet(k.columns, cols) &&
          k.references?.schema === table.schema &&
          k.references.table === table.name,
      );
      if (!found) {
        this.fail(
          rel,
          `${where}.using.foreign_key_constraint_on`,
          `no foreign key from ${remote!.name}(${cols.join(', ')}) to ${table.name}`,
        );
      }
      return;
    }
    const manual = using.manual_configuration;
    if (!isObj(manual))
      return this.fail(rel, `${where}.using`, 'needs foreign_key_constraint_on or manual_configuration');
    this.keys(
      manual,
      new Set(['remote_table', 'column_mapping', 'insertion_order']),
      `${where}.using.manual_configuration`,
    );
    const remote = qualifiedTable(manual.remote_table);
    const target = remote && this.catalog.tables.get(tableKey(remote.schema, remote.name));
    if (!target)
      return this.fail(rel, `${where}.using.manual_configuration.remote_table`, 'no such table or view');
    if (!isObj(manual.column_mapping) || Object.keys(manual.column_mapping).length === 0) {
      return this.fail(
        rel,
        `${where}.using.manual_configuration.column_mapping`,
        'expected a non-empty mapping',
      );
    }
    for (const [local, far] of Object.entries(manual.column_mapping)) {
      if (!table.columns.some((c) => c.name === local))
        this.fail(rel, `${where}.using.manual_configuration.column_mapping.${local}`, 'no such column');
      if (!target.columns.some((c) => c.name === far)) {
        this.fail(
          rel,
          `${where}.using.manual_configuration.column_mapping.${local}`,
          `no column '${String(far)}' in ${target.name}`,
        );
      }
    }
  }
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * Checks assembled metadata against a database catalog: every key known, every table,
 * column, relationship, function and permission column present. Returns all problems found,
 * each naming its file and key.
 */
export function checkMetadata(metadata: RawMetadata, catalogs: Map<string, Catalog>): MetadataError[] {
  const all: MetadataError[] = checkTopLevel(metadata);
  const fallback = `${metadata.dir}/databases/databases.yaml`;
  if (metadata.sources.length > 1)
    all.push(new MetadataError(fallback, 'sources', 'only one database source is supported by this engine'));
  metadata.sources.forEach((source, i) => {
    if (!isObj(source) || typeof source.name !== 'string') {
      all.push(new MetadataError(fallback, `sources[${i}]`, 'expected {name, kind, configuration, tables}'));
      return;
    }
    const catalog = catalogs.get(source.name);
    if (!catalog) {
      all.push(
        new MetadataError(
          fileOf(source, fallback),
          `sources.${source.name}`,
          'no database connection for this source',
        ),
      );
      return;
    }
    const checker = new Checker(catalog, fileOf(source, fallback));
    checker.keys(source, SOURCE_KEYS, `sources.${source.name}`);
    if (source.kind !== undefined && source.kind !== 'postgres') {
      checker.fail(
        source,
        `sources.${source.name}.kind`,
        `only postgres sources are supported, found '${String(source.kind)}'`,
      );
    }
    if (
      isObj(source.customization) &&
      Object.values(source.customization).some(
        (v) =>
          v !== null && !(isObj(v) && Object.values(v).every((x) => x === null)) && v !== 'hasura-default',
      )
    )
      checker.fail(
        source,
        `sources.${source.name}.customization`,
        'source customization (namespace, prefixes, naming conventions) is not supported by this engine',
      );
    const tables = Array.isArray(source.tables) ? source.tables : [];
    const seen = new Set<string>();
    tables.forEach((entry, index) => {
      const name = isObj(entry) ? qualifiedTable(entry.table) : null;
      if (name) {
        const key = tableKey(name.schema, name.name);
        if (seen.has(key)) checker.fail(entry, `table ${key}`, 'tracked twice');
        seen.add(key);
      }
      checker.table(entry, index, source.name as string);
    });
    all.push(...checker.errors);
  });
  return all;
}
