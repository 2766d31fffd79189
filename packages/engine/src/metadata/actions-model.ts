import { type DefinitionNode, Kind, parse, print, type TypeNode } from 'graphql';
import { tableKey } from '../catalog/introspect.ts';
import type { Action, ActionRelationship, Table } from '../model/types.ts';
import { qualifiedTable } from './check.ts';
import { MetadataError, type RawMetadata } from './load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const ACTION_KEYS = new Set(['name', 'definition', 'permissions', 'comment']);
const DEFINITION_KEYS = new Set([
  'kind',
  'type',
  'handler',
  'forward_client_headers',
  'headers',
  'timeout',
  'arguments',
  'output_type',
  'request_transform',
  'response_transform',
]);

type ActionField = { kind: 'query' | 'mutation'; args: Action['args']; output: string };

/** Reads actions.graphql + actions.yaml into actions, custom-type SDL and output relationships. */
export function buildActions(
  raw: RawMetadata,
  lookup: (schema: string, name: string) => Table | undefined,
  guard: (fn: () => void) => void,
) {
  const yamlFile = `${raw.dir}/actions.yaml`;
  const sdlFile = `${raw.dir}/actions.graphql`;
  const actions: Action[] = [];
  const { fields, typeDefs } = readActionsSdl(raw.actionsGraphql, sdlFile);
  const yaml = (isObj(raw.actions) ? raw.actions : {}) as Obj;
  for (const key of Object.keys(yaml))
    if (key !== 'actions' && key !== 'custom_types')
      throw new MetadataError(yamlFile, key, 'unknown metadata key');
  const list = Array.isArray(yaml.actions) ? (yaml.actions as Obj[]) : [];
  for (const [i, item] of list.entries()) {
    guard(() => {
      actions.push(readAction(item, i, fields, { yamlFile, sdlFile }));
    });
  }
  for (const name of fields.keys())
    guard(() => {
      if (!actions.some((a) => a.name === name) && !list.some((a) => a?.name === name))
        throw new MetadataError(
          yamlFile,
          `actions.${name}`,
          'declared in actions.graphql but missing from actions.yaml',
        );
    });
  const relationships = readOutputRelationships(yaml.custom_types, yamlFile, lookup, guard);
  const sdl = typeDefs.map((d) => print(d)).join('\n\n');
  return { actions, sdl, relationships };
}

/** actions.graphql: the fields of Query and Mutation (the actions), and every other type definition. */
function readActionsSdl(text: string, sdlFile: string) {
  const fields = new Map<string, ActionField>();
  const typeDefs: DefinitionNode[] = [];
  if (!text.trim()) return { fields, typeDefs };
  let doc: ReturnType<typeof parse>;
  try {
    doc = parse(text);
  } catch (error) {
    throw new MetadataError(sdlFile, '$', `not valid GraphQL SDL: ${(error as Error).message}`);
  }
  for (const def of doc.definitions) {
    if (
      (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      (def.name.value === 'Query' || def.name.value === 'Mutation')
    ) {
      for (const f of def.fields ?? []) {
        fields.set(f.name.value, {
          kind: def.name.value === 'Query' ? 'query' : 'mutation',
          args: (f.arguments ?? []).map((a) => ({ name: a.name.value, type: typeText(a.type) })),
          output: typeText(f.type),
        });
      }
    } else typeDefs.push(def);
  }
  return { fields, typeDefs };
}

/** One entry of actions.yaml's `actions`, checked key by key against its field in actions.graphql. */
function readAction(
  item: Obj,
  i: number,
  fields: Map<string, ActionField>,
  files: { yamlFile: string; sdlFile: string },
): Action {
  const { yamlFile, sdlFile } = files;
  const name = String(item?.name);
  const where = `actions.${name}`;
  if (!isObj(item) || typeof item.name !== 'string')
    throw new MetadataError(yamlFile, `actions[${i}]`, 'expected {name, definition}');
  for (const k of Object.keys(item))
    if (!ACTION_KEYS.has(k)) throw new MetadataError(yamlFile, `${where}.${k}`, 'unknown metadata key');
  const def = (item.definition ?? {}) as Obj;
  for (const k of Object.keys(def))
    if (!DEFINITION_KEYS.has(k))
      throw new MetadataError(yamlFile, `${where}.definition.${k}`, 'unknown metadata key');
  for (const k of ['request_transform', 'response_transform'])
    if (def[k] !== undefined)
      throw new MetadataError(
        yamlFile,
        `${where}.definition.${k}`,
        'request/response transforms are not supported by this engine',
      );
  if (def.kind === 'asynchronous')
    throw new MetadataError(
      yamlFile,
      `${where}.definition.kind`,
      'asynchronous actions are not supported by this engine',
    );
  const field = fields.get(name);
  if (!field)
    throw new MetadataError(sdlFile, `Query/Mutation.${name}`, 'action is not declared in actions.graphql');
  if (typeof def.handler !== 'string')
    throw new MetadataError(yamlFile, `${where}.definition.handler`, 'missing');
  const headers = (Array.isArray(def.headers) ? def.headers : []).map((h: Obj, j: number) => {
    if (typeof h?.name !== 'string')
      throw new MetadataError(
        yamlFile,
        `${where}.definition.headers[${j}]`,
        'expected {name, value | value_from_env}',
      );
    return typeof h.value_from_env === 'string'
      ? { name: h.name, fromEnv: h.value_from_env }
      : { name: h.name, value: String(h.value ?? '') };
  });
  return {
    name,
    kind: field.kind,
    handler: def.handler,
    forwardClientHeaders: def.forward_client_headers === true,
    headers,
    timeoutMs: (typeof def.timeout === 'number' ? def.timeout : 30) * 1000,
    args: field.args,
    outputType: field.output,
    roles: new Set((Array.isArray(item.permissions) ? item.permissions : []).map((p: Obj) => String(p.role))),
    comment: typeof item.comment === 'string' ? item.comment : null,
  };
}

/** actions.yaml's `custom_types`: the relationships of each output object to tracked tables. */
function readOutputRelationships(
  customTypes: unknown,
  yamlFile: string,
  lookup: (schema: string, name: string) => Table | undefined,
  guard: (fn: () => void) => void,
): Map<string, ActionRelationship[]> {
  const relationships = new Map<string, ActionRelationship[]>();
  const custom = (isObj(customTypes) ? customTypes : {}) as Obj;
  for (const k of Object.keys(custom))
    if (!['enums', 'scalars', 'input_objects', 'objects'].includes(k))
      throw new MetadataError(yamlFile, `custom_types.${k}`, 'unknown metadata key');
  for (const obj of (Array.isArray(custom.objects) ? custom.objects : []) as Obj[]) {
    const rels = Array.isArray(obj.relationships) ? (obj.relationships as Obj[]) : [];
    guard(() => {
      const list: ActionRelationship[] = [];
      for (const rel of rels) {
        const where = `custom_types.objects.${String(obj.name)}.relationships.${String(rel.name)}`;
        if (rel.source !== undefined && rel.source !== 'default')
          throw new MetadataError(yamlFile, `${where}.source`, 'only the default source is supported');
        const remote = qualifiedTable(rel.remote_table);
        const target = remote && lookup(remote.schema, remote.name);
        if (!target)
          throw new MetadataError(
            yamlFile,
            `${where}.remote_table`,
            `no tracked table ${remote ? tableKey(remote.schema, remote.name) : ''}`,
          );
        const mapping = Object.entries((rel.field_mapping ?? {}) as Record<string, string>);
        for (const [, column] of mapping)
          if (!target.columnsByName.has(column))
            throw new MetadataError(
              yamlFile,
              `${where}.field_mapping`,
              `no column '${column}' in ${target.name}`,
            );
        list.push({
          name: String(rel.name),
          kind: rel.type === 'array' ? 'array' : 'object',
          target,
          mapping,
        });
      }
      relationships.set(String(obj.name), list);
    });
  }
  return relationships;
}

function typeText(type: TypeNode): string {
  if (type.kind === Kind.NON_NULL_TYPE) return `${typeText(type.type)}!`;
  if (type.kind === Kind.LIST_TYPE) return `[${typeText(type.type)}]`;
  return type.name.value;
}
