import type { Catalog } from '../catalog/introspect.ts';
import { tableKey } from '../catalog/introspect.ts';
import { scalarFor } from '../model/scalars.ts';
import type { ComputedField, Table } from '../model/types.ts';
import { qualifiedTable } from './check.ts';
import { MetadataError } from './load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Finds a tracked table by schema and name. */
export type Lookup = (schema: string, name: string) => Table | undefined;

/** Resolves a table entry's object and array relationships. */
export function relationships(entry: Obj, table: Table, lookup: Lookup, file: string) {
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

/** Resolves a table entry's computed fields against the catalog's functions. */
export function computedFields(entry: Obj, table: Table, catalog: Catalog, lookup: Lookup, file: string) {
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
