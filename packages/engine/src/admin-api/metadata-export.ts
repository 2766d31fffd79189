import {
  type DefinitionNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  Kind,
  parse,
  print,
  type StringValueNode,
  type TypeNode,
} from 'graphql';
import type { RawMetadata } from '../metadata/load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Hasura's metadata document (`export_metadata`, `replace_metadata`), version 3. */
export interface HasuraMetadata {
  version: 3;
  sources: Obj[];
  [key: string]: unknown;
}

/**
 * Top-level keys after `sources`, in Hasura's order, with the value that means "empty" (Hasura
 * leaves empty ones out of an export).
 */
const TOP_LEVEL_KEYS = [
  'remote_schemas',
  'query_collections',
  'allowlist',
  'actions',
  'custom_types',
  'cron_triggers',
  'rest_endpoints',
  'api_limits',
  'inherited_roles',
  'graphql_schema_introspection',
  'network',
  'backend_configs',
  'opentelemetry',
] as const;

const isEmpty = (v: unknown) =>
  v === null || v === undefined || (Array.isArray(v) ? v.length === 0 : isObj(v) && !Object.keys(v).length);

/** A plain JSON copy (drops the loader's origin bookkeeping and `undefined`s). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null));

const typeText = (t: TypeNode): string => print(t);
const describe = (node: { description?: StringValueNode }) =>
  node.description ? { description: node.description.value } : {};

const fieldJson = (f: FieldDefinitionNode | InputValueDefinitionNode) => ({
  name: f.name.value,
  type: typeText(f.type),
  ...describe(f),
});

/**
 * The actions and custom types as Hasura's JSON has them: the metadata files keep their GraphQL
 * parts (arguments, output types, the types' fields) in `actions.graphql`, the export inlines them.
 */
function actionsJson(raw: RawMetadata): { actions: Obj[]; custom_types: Obj } {
  const yaml = (isObj(raw.actions) ? plain(raw.actions) : {}) as Obj;
  const actions = (Array.isArray(yaml.actions) ? yaml.actions : []) as Obj[];
  const declared = (isObj(yaml.custom_types) ? yaml.custom_types : {}) as Record<string, Obj[] | undefined>;
  const definitions: readonly DefinitionNode[] = raw.actionsGraphql.trim()
    ? parse(raw.actionsGraphql).definitions
    : [];
  const roots = new Map<string, { kind: 'query' | 'mutation'; field: FieldDefinitionNode }>();
  const types = new Map<string, DefinitionNode>();
  for (const def of definitions) {
    if (
      (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      (def.name.value === 'Query' || def.name.value === 'Mutation')
    ) {
      for (const field of def.fields ?? [])
        roots.set(field.name.value, { kind: def.name.value === 'Query' ? 'query' : 'mutation', field });
    } else if ('name' in def && def.name) types.set(def.name.value, def);
  }
  const outActions = actions.map((action) => {
    const root = roots.get(String(action.name));
    const definition = { ...((isObj(action.definition) ? action.definition : {}) as Obj) };
    if (root) {
      definition.arguments = (root.field.arguments ?? []).map(fieldJson);
      definition.output_type = typeText(root.field.type);
      definition.type = root.kind;
    }
    return { ...action, definition };
  });
  const section = (key: string, kind: Kind) =>
    (declared[key] ?? []).map((declaredType) => {
      const def = types.get(String(declaredType.name));
      if (!def || def.kind !== kind) return declaredType;
      const extra: Obj = { ...describe(def as { description?: StringValueNode }) };
      if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION)
        extra.fields = (def.fields ?? []).map(fieldJson);
      if (def.kind === Kind.ENUM_TYPE_DEFINITION)
        extra.values = (def.values ?? []).map((v) => ({
          value: v.name.value,
          ...describe(v),
        }));
      return { name: declaredType.name, ...extra, ...declaredType };
    });
  return {
    actions: outActions,
    custom_types: {
      input_objects: section('input_objects', Kind.INPUT_OBJECT_TYPE_DEFINITION),
      objects: section('objects', Kind.OBJECT_TYPE_DEFINITION),
      scalars: section('scalars', Kind.SCALAR_TYPE_DEFINITION),
      enums: section('enums', Kind.ENUM_TYPE_DEFINITION),
    },
  };
}

/**
 * `export_metadata`: the metadata in Hasura's v3 JSON shape, from a loaded metadata directory
 * (every `!include` resolved). Empty parts are left out as Hasura leaves them out.
 */
export function exportMetadata(raw: RawMetadata): HasuraMetadata {
  const out: HasuraMetadata = { version: 3, sources: plain(raw.sources) as Obj[] };
  const { actions, custom_types } = actionsJson(raw);
  const customTypes = Object.fromEntries(Object.entries(custom_types).filter(([, v]) => !isEmpty(v)));
  for (const key of TOP_LEVEL_KEYS) {
    const value = key === 'actions' ? actions : key === 'custom_types' ? customTypes : plain(raw[key]);
    if (!isEmpty(value)) out[key] = value;
  }
  return out;
}
