import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, print } from 'graphql';
import YAML from 'yaml';
import { qualifiedTable } from '../metadata/check.ts';
import { type RawMetadata, TOP_LEVEL_FILES } from '../metadata/load.ts';
import type { HasuraMetadata } from './metadata-export.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const yaml = (value: unknown) => YAML.stringify(value, { lineWidth: 0 });

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** `schema_name.yaml`, the file name `hasura metadata export` gives a table or function. */
const objectFile = (value: unknown) => {
  const name = qualifiedTable(value) ?? { schema: 'public', name: 'unnamed' };
  return `${name.schema}_${name.name}.yaml`;
};

const description = (d: unknown, indent = '') =>
  typeof d === 'string' && d ? `${indent}${JSON.stringify(d)}\n` : '';

/** An argument's description, written before it on the same line. */
const inlineDescription = (d: unknown) => (typeof d === 'string' && d ? `${JSON.stringify(d)} ` : '');

const argumentList = (args: unknown) =>
  Array.isArray(args) && args.length
    ? `(${(args as Obj[])
        .map((a) => `${inlineDescription(a.description)}${String(a.name)}: ${String(a.type)}`)
        .join(', ')})`
    : '';

/**
 * Splits `actions`/`custom_types` the way the Hasura CLI does: the GraphQL parts (arguments,
 * output types, the types' fields) go to actions.graphql, the rest to actions.yaml.
 */
function splitActions(metadata: HasuraMetadata): { sdl: string; yaml: Obj } | null {
  const actions = (Array.isArray(metadata.actions) ? metadata.actions : []) as Obj[];
  const types = (isObj(metadata.custom_types) ? metadata.custom_types : {}) as Record<string, Obj[]>;
  if (!actions.length && !Object.values(types).some((list) => list?.length)) return null;
  const blocks: string[] = [];
  for (const kind of ['mutation', 'query'] as const) {
    const fields = actions
      .filter((a) => ((a.definition as Obj | undefined)?.type ?? 'mutation') === kind)
      .map((a) => {
        const def = (a.definition ?? {}) as Obj;
        return `  ${String(a.name)}${argumentList(def.arguments)}: ${String(def.output_type)}`;
      });
    if (fields.length)
      blocks.push(`type ${kind === 'query' ? 'Query' : 'Mutation'} {\n${fields.join('\n')}\n}`);
  }
  const fieldsOf = (t: Obj) =>
    ((t.fields ?? []) as Obj[])
      .map(
        (f) =>
          `${description(f.description, '  ')}  ${String(f.name)}${argumentList(f.arguments)}: ${String(f.type)}`,
      )
      .join('\n');
  for (const t of types.input_objects ?? [])
    blocks.push(`${description(t.description)}input ${String(t.name)} {\n${fieldsOf(t)}\n}`);
  for (const t of types.objects ?? [])
    blocks.push(`${description(t.description)}type ${String(t.name)} {\n${fieldsOf(t)}\n}`);
  for (const t of types.enums ?? [])
    blocks.push(
      `${description(t.description)}enum ${String(t.name)} {\n${((t.values ?? []) as Obj[])
        .map((v) => `${description(v.description, '  ')}  ${String(v.value)}`)
        .join('\n')}\n}`,
    );
  for (const t of types.scalars ?? []) blocks.push(`${description(t.description)}scalar ${String(t.name)}`);
  const sdl = blocks.length ? `${print(parse(blocks.join('\n\n')))}\n` : '';
  const strip = (t: Obj) => {
    const { fields: _f, values: _v, description: _d, ...rest } = t;
    return rest;
  };
  return {
    sdl,
    yaml: {
      actions: actions.map((a) => {
        const { arguments: _a, output_type: _o, type, ...definition } = (a.definition ?? {}) as Obj;
        return { ...a, definition: { ...definition, ...(type === 'query' ? { type } : {}) } };
      }),
      custom_types: {
        enums: (types.enums ?? []).map(strip),
        input_objects: (types.input_objects ?? []).map(strip),
        objects: (types.objects ?? []).map(strip),
        scalars: (types.scalars ?? []).map(strip),
      },
    },
  };
}

/**
 * Writes Hasura metadata (the `export_metadata` document) as a version 3 metadata directory, the
 * way `hasura metadata export` lays it out: one file per table and per function, included from
 * `tables.yaml` / `functions.yaml`, the actions split into actions.yaml and actions.graphql.
 */
export function writeMetadataDirectory(dir: string, metadata: HasuraMetadata): void {
  const root = path.resolve(dir);
  write(path.join(root, 'version.yaml'), yaml({ version: 3 }));
  const sources = metadata.sources.map((source) => {
    const name = String(source.name);
    const { tables, functions, ...rest } = source;
    const out: Obj = { ...rest };
    const base = path.join(root, 'databases', name);
    const list = (Array.isArray(tables) ? tables : []) as Obj[];
    write(
      path.join(base, 'tables', 'tables.yaml'),
      list.length ? yaml(list.map((t) => `!include ${objectFile(t.table)}`)) : '[]\n',
    );
    for (const table of list) write(path.join(base, 'tables', objectFile(table.table)), yaml(table));
    out.tables = `!include ${name}/tables/tables.yaml`;
    const fns = (Array.isArray(functions) ? functions : []) as Obj[];
    if (fns.length) {
      write(
        path.join(base, 'functions', 'functions.yaml'),
        yaml(fns.map((f) => `!include ${objectFile(f.function)}`)),
      );
      for (const fn of fns) write(path.join(base, 'functions', objectFile(fn.function)), yaml(fn));
      out.functions = `!include ${name}/functions/functions.yaml`;
    }
    return out;
  });
  write(path.join(root, 'databases', 'databases.yaml'), yaml(sources));
  const actions = splitActions(metadata);
  if (actions) {
    write(path.join(root, 'actions.yaml'), yaml(actions.yaml));
    write(path.join(root, 'actions.graphql'), actions.sdl);
  }
  for (const [file, key] of TOP_LEVEL_FILES) {
    if (key === 'actions') continue;
    const value = metadata[key];
    if (value !== undefined) write(path.join(root, file), yaml(value));
  }
}

/**
 * Hasura metadata (a `replace_metadata` document) as the loader's `RawMetadata`, as if it had been
 * written to `dir` and read back: the actions' GraphQL parts become the actions SDL.
 */
export function metadataToRaw(metadata: HasuraMetadata, dir: string): RawMetadata {
  const raw: RawMetadata = {
    version: 3,
    sources: JSON.parse(JSON.stringify(metadata.sources ?? [])),
    actions: {},
    actionsGraphql: '',
    dir: path.resolve(dir),
  };
  for (const [, key, empty] of TOP_LEVEL_FILES)
    raw[key] = metadata[key] === undefined ? empty : JSON.parse(JSON.stringify(metadata[key]));
  const actions = splitActions(metadata);
  raw.actions = actions?.yaml ?? {};
  raw.actionsGraphql = actions?.sdl ?? '';
  return raw;
}
