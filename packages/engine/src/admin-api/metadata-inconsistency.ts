import { qualifiedTable } from '../metadata/check.ts';
import { deniedSlot } from '../metadata/inherit.ts';
import { cloneMetadata, MetadataError, type RawMetadata } from '../metadata/load.ts';
import type { DatabaseState } from '../metadata/load-model.ts';
import { buildModel } from '../metadata/model.ts';
import type { Model } from '../model/types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** One inconsistent metadata object, in Hasura's `get_inconsistent_metadata` shape. */
export interface InconsistentObject {
  definition: unknown;
  name: string;
  reason: string;
  type: string;
}

/** Metadata resolved against the database: the model served, what it serves, and what was left out. */
export interface ResolvedMetadata {
  model: Model;
  /** The metadata the model was built from: the files' metadata without the inconsistent objects. */
  served: RawMetadata;
  inconsistent: InconsistentObject[];
}

/**
 * Metadata that is not inconsistent with the database but that this engine refuses (an unknown
 * key, a feature it does not implement, a malformed file): nothing can be served from it.
 */
export class UnsupportedMetadataError extends AggregateError {}

/** Where, inside the metadata, one droppable object lives. */
type ObjectRef =
  | { kind: 'table'; schema: string; name: string }
  | { kind: 'permission'; schema: string; name: string; perm: string; role: string }
  | { kind: 'relationship'; schema: string; name: string; rel: 'object' | 'array'; relName: string }
  | { kind: 'computed_field'; schema: string; name: string; field: string }
  | { kind: 'function'; schema: string; name: string };

const TABLE_KEY = /^table ([^.]+)\.([^.]+)(?:\.(.*))?$/;
const FUNCTION_KEY = /^function ([^.]+)\.([^.]+)(?:\.|$)/;

/** The object a problem belongs to, from the problem's key (`table public.author.select_permissions.user…`). */
function objectOf(error: MetadataError): ObjectRef | null {
  const fn = FUNCTION_KEY.exec(error.key);
  if (fn) return { kind: 'function', schema: fn[1]!, name: fn[2]! };
  const match = TABLE_KEY.exec(error.key);
  if (!match) return null;
  const [, schema, name, rest = ''] = match as unknown as [string, string, string, string?];
  if (/unknown or unsupported metadata key|unknown metadata key|is not supported/.test(error.reason))
    return null;
  const perm = /^(select|insert|update|delete)_permissions\.([^.]+)/.exec(rest);
  if (perm) return { kind: 'permission', schema, name, perm: perm[1]!, role: perm[2]! };
  const rel = /^(object|array)_relationships\.([^.[]+)/.exec(rest);
  if (rel) return { kind: 'relationship', schema, name, rel: rel[1] as 'object' | 'array', relName: rel[2]! };
  const field = /^computed_fields\.([^.[]+)/.exec(rest);
  if (field) return { kind: 'computed_field', schema, name, field: field[1]! };
  return { kind: 'table', schema, name };
}

/** How Hasura writes a Postgres table in messages and object names: bare in `public`, else `schema.name`. */
const tableText = (schema: string, name: string) => (schema === 'public' ? name : `${schema}.${name}`);

function sourceOf(raw: RawMetadata): Obj | undefined {
  return isObj(raw.sources[0]) ? (raw.sources[0] as Obj) : undefined;
}

function tableEntries(raw: RawMetadata): Obj[] {
  const source = sourceOf(raw);
  return source && Array.isArray(source.tables) ? (source.tables as Obj[]) : [];
}

function findTable(raw: RawMetadata, schema: string, name: string): Obj | undefined {
  return tableEntries(raw).find((entry) => {
    const t = qualifiedTable(entry.table);
    return t?.schema === schema && t.name === name;
  });
}

/** A select permission the way Hasura normalises it in its answers (defaults made explicit). */
function normalisedPermission(kind: string, permission: unknown): unknown {
  if (kind !== 'select' || !isObj(permission)) return permission;
  const { columns, filter, allow_aggregations, computed_fields, ...rest } = permission;
  return {
    columns,
    filter: filter ?? {},
    allow_aggregations: allow_aggregations ?? false,
    computed_fields: computed_fields ?? [],
    ...rest,
  };
}

/** A plain JSON copy (no origin bookkeeping). */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Hasura's object (type, name, definition) and reason for a problem. Reasons follow Hasura's
 * words where the engine's check says the same thing (a missing table, a permission on a missing
 * column); otherwise they carry the engine's own message.
 */
function describe(raw: RawMetadata, ref: ObjectRef, error: MetadataError): InconsistentObject {
  const message = error.reason;
  const source = String(sourceOf(raw)?.name ?? 'default');
  const table = tableText(ref.schema, ref.name);
  const entry = ref.kind === 'function' ? undefined : findTable(raw, ref.schema, ref.name);
  const tableJson = { name: ref.name, schema: ref.schema };
  const inSource = `in table ${table} in source ${source}`;
  switch (ref.kind) {
    case 'table': {
      const missing = /no such table or view/.test(message);
      return {
        definition: tableJson,
        name: `table ${table} in source ${source}`,
        reason: missing
          ? `Inconsistent object: no such table/view exists in source: "${table}"`
          : `Inconsistent object: in table "${table}": ${message}`,
        type: 'table',
      };
    }
    case 'permission': {
      const list = entry?.[`${ref.perm}_permissions`];
      const perm = Array.isArray(list) ? (list as Obj[]).find((p) => p?.role === ref.role) : undefined;
      const column =
        /^no such column '(.+)'$/.exec(message)?.[1] ??
        (message === 'no such column' ? error.key.split('.').pop() : undefined);
      const cause = column ? `column "${column}" does not exist` : message;
      return {
        definition: {
          comment: (perm?.comment as string | undefined) ?? null,
          permission: plain(normalisedPermission(ref.perm, perm?.permission)),
          role: ref.role,
          source,
          table: tableJson,
        },
        name: `${ref.perm}_permission ${ref.role} ${inSource}`,
        reason: `Inconsistent object: in table "${table}": in permission for role "${ref.role}": ${cause}`,
        type: `${ref.perm}_permission`,
      };
    }
    case 'relationship': {
      const list = entry?.[`${ref.rel}_relationships`];
      const rel = Array.isArray(list) ? (list as Obj[]).find((r) => r?.name === ref.relName) : undefined;
      return {
        definition: { ...(plain(rel) as Obj), source, table: tableJson },
        name: `${ref.rel}_relation ${ref.relName} ${inSource}`,
        reason: `Inconsistent object: in table "${table}": in relationship "${ref.relName}": ${message}`,
        type: `${ref.rel}_relation`,
      };
    }
    case 'computed_field': {
      const list = entry?.computed_fields;
      const field = Array.isArray(list) ? (list as Obj[]).find((f) => f?.name === ref.field) : undefined;
      return {
        definition: { ...(plain(field) as Obj), source, table: tableJson },
        name: `computed_field ${ref.field} ${inSource}`,
        reason: `Inconsistent object: in table "${table}": in computed field "${ref.field}": ${message}`,
        type: 'computed_field',
      };
    }
    case 'function': {
      const fn = tableText(ref.schema, ref.name);
      return {
        definition: { function: { name: ref.name, schema: ref.schema }, source },
        name: `function ${fn} in source ${source}`,
        reason: `Inconsistent object: in function "${fn}": ${message}`,
        type: 'function',
      };
    }
  }
}

/** Removes one object from (a copy of) the metadata. */
function drop(raw: RawMetadata, ref: ObjectRef): void {
  const source = sourceOf(raw);
  if (!source) return;
  if (ref.kind === 'function') {
    if (Array.isArray(source.functions))
      source.functions = (source.functions as Obj[]).filter((f) => {
        const name = qualifiedTable(f?.function);
        return !(name?.schema === ref.schema && name.name === ref.name);
      });
    return;
  }
  if (ref.kind === 'table') {
    source.tables = tableEntries(raw).filter((entry) => {
      const t = qualifiedTable(entry.table);
      return !(t?.schema === ref.schema && t.name === ref.name);
    });
    return;
  }
  const entry = findTable(raw, ref.schema, ref.name);
  if (!entry) return;
  const without = (key: string, keep: (item: Obj) => boolean) => {
    if (Array.isArray(entry[key])) entry[key] = (entry[key] as Obj[]).filter(keep);
  };
  if (ref.kind === 'permission') without(`${ref.perm}_permissions`, (p) => p?.role !== ref.role);
  else if (ref.kind === 'relationship') without(`${ref.rel}_relationships`, (r) => r?.name !== ref.relName);
  else {
    without('computed_fields', (f) => f?.name !== ref.field);
    // A permission granting a dropped computed field would now be inconsistent too: Hasura drops
    // the dependants with the object; here they are found on the next pass.
  }
}

const refKey = (ref: ObjectRef) => JSON.stringify(ref);

/**
 * Builds the model the way Hasura builds its schema cache: every object the database does not
 * support (a table that is gone, a permission on a dropped column, a relationship without its
 * foreign key…) is left out and reported; the rest is served. Problems that are not about the
 * database (unknown keys, features this engine refuses, malformed files) throw
 * `UnsupportedMetadataError`. The metadata given is not changed.
 */
export function resolveMetadata(raw: RawMetadata, database: DatabaseState): ResolvedMetadata {
  const served = cloneMetadata(raw);
  const inconsistent: InconsistentObject[] = [];
  const seen = new Set<string>();
  // A dropped object only ever narrows access: a role's own permission that is dropped leaves its
  // slot empty, even for an inherited role whose parents' union would otherwise fill it.
  const denied = new Set<string>();
  // Each pass drops what the previous one found; dependants of a dropped object surface next pass.
  for (let pass = 0; pass < 100; pass++) {
    let errors: Error[];
    try {
      return {
        model: buildModel(served, database.catalogs, database.enumRows, denied),
        served,
        inconsistent,
      };
    } catch (error) {
      errors = error instanceof AggregateError ? error.errors : [error as Error];
    }
    const unsupported: Error[] = [];
    let dropped = 0;
    // Most specific first: a table's own problem wins over its parts' problems.
    const found = errors.map((e) => ({ e, ref: e instanceof MetadataError ? objectOf(e) : null }));
    const tablesDropped = new Set(
      found.filter((f) => f.ref?.kind === 'table').map((f) => `${f.ref!.schema}.${f.ref!.name}`),
    );
    for (const { e, ref } of found) {
      if (!ref) {
        unsupported.push(e);
        continue;
      }
      if (ref.kind !== 'table' && ref.kind !== 'function' && tablesDropped.has(`${ref.schema}.${ref.name}`))
        continue;
      const key = refKey(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      inconsistent.push(describe(served, ref, e as MetadataError));
      drop(served, ref);
      if (ref.kind === 'permission') denied.add(deniedSlot(ref.schema, ref.name, ref.perm, ref.role));
      dropped++;
    }
    if (unsupported.length)
      throw new UnsupportedMetadataError(unsupported, unsupported.map((e) => e.message).join('\n'));
    if (!dropped) throw new UnsupportedMetadataError(errors, errors.map((e) => e.message).join('\n'));
  }
  throw new Error('metadata: could not separate the inconsistent objects');
}
