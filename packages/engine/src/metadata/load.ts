import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** Where a metadata value came from, for error messages that name the file and key. */
export interface Origin {
  file: string;
  key: string;
}

/** A metadata problem, reported as `<file>: <key>: <message>`. */
export class MetadataError extends Error {
  /** The problem alone, without file and key. */
  readonly reason: string;
  constructor(
    readonly file: string,
    readonly key: string,
    message: string,
  ) {
    super(`${path.relative(process.cwd(), file) || file}: ${key}: ${message}`);
    this.name = 'MetadataError';
    this.reason = message;
  }
}

/** A parsed value that remembers the file it was read from. */
const ORIGIN = Symbol('origin-file');
type WithOrigin = { [ORIGIN]?: string };

/** The file a (sub)object of the loaded metadata was read from. */
export function fileOf(value: unknown, fallback: string): string {
  if (value && typeof value === 'object') return (value as WithOrigin)[ORIGIN] ?? fallback;
  return fallback;
}

const INCLUDE = /^!include\s+(.+)$/;

function readYaml(file: string): unknown {
  if (!existsSync(file)) throw new MetadataError(file, '$', 'file not found');
  try {
    return YAML.parse(readFileSync(file, 'utf8'), { customTags: [includeTag] }) ?? null;
  } catch (error) {
    throw new MetadataError(file, '$', `not valid YAML: ${(error as Error).message}`);
  }
}

// The Hasura CLI writes includes as plain strings ("!include x.yaml"); some hand-written
// projects use an unquoted YAML tag. Both mean the same.
const includeTag = {
  tag: '!include',
  resolve: (value: string) => `!include ${value}`,
};

function resolveIncludes(value: unknown, file: string): unknown {
  if (typeof value === 'string') {
    const match = INCLUDE.exec(value.trim());
    if (!match) return value;
    const target = path.resolve(path.dirname(file), match[1]!.trim());
    return resolveIncludes(readYaml(target), target);
  }
  if (Array.isArray(value)) {
    const list = value.map((item) => resolveIncludes(item, file));
    Object.defineProperty(list, ORIGIN, { value: file, enumerable: false });
    return list;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = resolveIncludes(item, file);
    Object.defineProperty(out, ORIGIN, { value: file, enumerable: false });
    return out;
  }
  return value;
}

/** Top-level files of a version 3 metadata directory and the key each becomes. */
export const TOP_LEVEL_FILES: Array<[file: string, key: string, empty: unknown]> = [
  ['actions.yaml', 'actions', {}],
  ['remote_schemas.yaml', 'remote_schemas', []],
  ['cron_triggers.yaml', 'cron_triggers', []],
  ['query_collections.yaml', 'query_collections', []],
  ['allow_list.yaml', 'allowlist', []],
  ['inherited_roles.yaml', 'inherited_roles', []],
  ['rest_endpoints.yaml', 'rest_endpoints', []],
  ['network.yaml', 'network', {}],
  ['api_limits.yaml', 'api_limits', {}],
  ['graphql_schema_introspection.yaml', 'graphql_schema_introspection', {}],
  ['backend_configs.yaml', 'backend_configs', {}],
  ['opentelemetry.yaml', 'opentelemetry', {}],
];

/** The assembled metadata, shaped like Hasura's `export_metadata` plus the actions SDL. */
export interface RawMetadata {
  version: 3;
  sources: unknown[];
  /** Contents of actions.yaml (`actions`, `custom_types`). */
  actions: Record<string, unknown>;
  /** Text of actions.graphql, or '' when absent. */
  actionsGraphql: string;
  [key: string]: unknown;
  dir: string;
}

/** Reads a Hasura metadata directory (version 3), resolving every `!include`. */
export function loadMetadataDirectory(dir: string): RawMetadata {
  const root = path.resolve(dir);
  const versionFile = path.join(root, 'version.yaml');
  const version = readYaml(versionFile) as { version?: unknown } | null;
  if (version?.version !== 3) {
    throw new MetadataError(versionFile, 'version', `expected 3, found ${JSON.stringify(version?.version)}`);
  }
  const databasesFile = path.join(root, 'databases', 'databases.yaml');
  const sources = existsSync(databasesFile) ? resolveIncludes(readYaml(databasesFile), databasesFile) : [];
  if (sources !== null && !Array.isArray(sources)) {
    throw new MetadataError(databasesFile, '$', 'expected a list of sources');
  }
  const metadata: RawMetadata = {
    version: 3,
    sources: (sources as unknown[] | null) ?? [],
    actions: {},
    actionsGraphql: '',
    dir: root,
  };
  for (const [name, key, empty] of TOP_LEVEL_FILES) {
    const file = path.join(root, name);
    metadata[key] = existsSync(file) ? (resolveIncludes(readYaml(file), file) ?? empty) : empty;
  }
  const sdl = path.join(root, 'actions.graphql');
  metadata.actionsGraphql = existsSync(sdl) ? readFileSync(sdl, 'utf8') : '';
  return metadata;
}

/** A deep copy of loaded metadata that keeps each part's origin file (for error messages). */
export function cloneMetadata<T>(value: T): T {
  if (Array.isArray(value) || (value && typeof value === 'object')) {
    const copy = (
      Array.isArray(value)
        ? value.map((item) => cloneMetadata(item))
        : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneMetadata(v)]))
    ) as T & WithOrigin;
    const origin = (value as WithOrigin)[ORIGIN];
    if (origin) Object.defineProperty(copy, ORIGIN, { value: origin, enumerable: false });
    return copy;
  }
  return value;
}
