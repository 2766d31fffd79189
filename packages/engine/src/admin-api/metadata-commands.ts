import path from 'node:path';
import type { EngineCore } from '../engine/engine.ts';
import { HasuraError } from '../errors.ts';
import { type AdminCommand, withStatus } from './admin-endpoint.ts';
import { exportMetadata, type HasuraMetadata } from './metadata-export.ts';
import { metadataToRaw } from './metadata-files.ts';
import {
  type InconsistentObject,
  resolveMetadata,
  UnsupportedMetadataError,
} from './metadata-inconsistency.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The request's `version` (1 unless 2 is given, as Hasura parses it). */
function requestVersion(request: Obj): 1 | 2 {
  const version = request.version ?? 1;
  if (version === 1 || version === '1') return 1;
  if (version === 2 || version === '2') return 2;
  throw new HasuraError('parse-failed', `unexpected version: ${JSON.stringify(version)}`, '$.version');
}

/** Args that must be an object (Hasura: `expected Object`), with only the keys given. */
function objectArgs(args: unknown, known: string[], path = '$.args'): Obj {
  if (!isObj(args))
    throw new HasuraError('parse-failed', 'expected Object, but encountered something else', path);
  for (const key of Object.keys(args))
    if (!known.includes(key))
      throw new HasuraError('parse-failed', `unexpected key "${key}"`, `${path}.${key}`);
  return args;
}

/**
 * A change to the metadata names the version it expects (`resource_version` beside `type`): a
 * stale one is refused as Hasura's `setMetadata` refuses it (409 `conflict`, at the request's root).
 */
function checkResourceVersion(core: EngineCore, request: Obj): void {
  const expected = request.resource_version;
  if (expected === undefined || expected === null || expected === core.metadata.resourceVersion) return;
  throw Object.assign(
    withStatus(
      new HasuraError(
        'conflict',
        `metadata resource version referenced (${JSON.stringify(expected)}) did not match current version`,
      ),
      409,
    ),
    { atRoot: true },
  );
}

/** `export_metadata`: the metadata (version 1) or `{resource_version, metadata}` (version 2). */
export function exportCommand(core: EngineCore, version: 1 | 2): unknown {
  const metadata = exportMetadata(core.metadata.raw);
  return version === 2 ? { resource_version: core.metadata.resourceVersion, metadata } : metadata;
}

/** `{is_consistent, inconsistent_objects}` of the served metadata. */
export function inconsistencyReport(inconsistent: InconsistentObject[]) {
  return { is_consistent: inconsistent.length === 0, inconsistent_objects: inconsistent };
}

/** `reload_sources` / `reload_remote_schemas` / `recreate_event_triggers`: a boolean or a list of names. */
function reloadsSource(value: unknown, source: string): boolean {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  if (Array.isArray(value)) {
    for (const name of value)
      if (name !== source)
        throw new HasuraError(
          'not-exists',
          `Source with name "${String(name)}" not found in metadata`,
          '$.args',
        );
    return value.length > 0;
  }
  throw new HasuraError('parse-failed', 'expected a boolean or a list of names', '$.args.reload_sources');
}

/**
 * `replace_metadata`: validates a metadata document (version 1: the document itself; version 2:
 * `{metadata, allow_inconsistent_metadata, allow_warnings, dry_run}`) against the database. This
 * engine serves the metadata directory: it validates (`dry_run: true`) and answers as Hasura would,
 * but applies nothing: without a dry run it is refused unless the document is the metadata
 * already served (then it is a no-op, so `hasura metadata apply` of the same files succeeds).
 */
async function replaceMetadata(core: EngineCore, args: unknown, version: 1 | 2): Promise<unknown> {
  let document: unknown = args;
  let allowInconsistent = false;
  let dryRun = false;
  if (version === 2 || (isObj(args) && 'metadata' in args && !('sources' in args))) {
    const v2 = objectArgs(args, ['metadata', 'allow_inconsistent_metadata', 'allow_warnings', 'dry_run']);
    document = v2.metadata;
    allowInconsistent = v2.allow_inconsistent_metadata === true;
    dryRun = v2.dry_run === true;
  } else if (isObj(args) && 'dry_run' in args) {
    // Version 1 with the engine's dry_run flag next to the document's keys.
    const { dry_run, ...rest } = args;
    document = rest;
    dryRun = dry_run === true;
  }
  if (!isObj(document) || !Array.isArray(document.sources) || document.version !== 3)
    throw new HasuraError(
      'parse-failed',
      'expected a version 3 metadata document ({version: 3, sources: [...], ...})',
      version === 2 ? '$.args.metadata' : '$.args',
    );
  const given = document as HasuraMetadata;
  let inconsistent: InconsistentObject[];
  try {
    const raw = metadataToRaw(given, core.metadata.dir);
    inconsistent = resolveMetadata(raw, core.metadata.database).inconsistent;
  } catch (error) {
    if (error instanceof UnsupportedMetadataError)
      throw new HasuraError(
        'invalid-configuration',
        `this engine cannot serve that metadata: ${error.message}`,
      );
    if (error instanceof HasuraError) throw error;
    throw new HasuraError('parse-failed', `not valid metadata: ${(error as Error).message}`, '$.args');
  }
  if (!dryRun) {
    const same =
      JSON.stringify(canonical(exportMetadata(metadataToRaw(given, core.metadata.dir)))) ===
      JSON.stringify(canonical(exportMetadata(core.metadata.raw)));
    if (!same)
      throw new HasuraError(
        'not-supported',
        `replace_metadata does not change this engine's metadata: it serves the metadata directory ${path.relative(process.cwd(), core.metadata.dir) || '.'}, ` +
          'which is the source of truth. Write the metadata there (engine metadata export --output DIR) and call ' +
          'reload_metadata; dry_run: true validates a document without applying it',
      );
  }
  if (inconsistent.length && !allowInconsistent)
    // Hasura's throwOnInconsistencies: err400 Unexpected, the objects in `internal`.
    throw withStatus(
      new HasuraError('unexpected', 'cannot continue due to inconsistent metadata', '$.args', inconsistent),
      400,
    );
  if (version === 2 || dryRun) return inconsistencyReport(inconsistent);
  return { message: 'success' };
}

/** JSON with object keys sorted, to compare two metadata documents. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObj(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(value[k])]),
    );
  return value;
}

/** The metadata API types this engine answers (the rest are refused `not-supported`). */
export const METADATA_COMMANDS: Record<string, AdminCommand> = {
  export_metadata: async (args, { core, request }) => {
    objectArgs(args, []);
    return exportCommand(core, requestVersion(request));
  },
  reload_metadata: async (args, { core, request }) => {
    checkResourceVersion(core, request);
    const a = objectArgs(args, ['reload_remote_schemas', 'reload_sources', 'recreate_event_triggers']);
    const source = String((core.metadata.raw.sources[0] as Obj | undefined)?.name ?? 'default');
    if (Array.isArray(a.reload_remote_schemas) && a.reload_remote_schemas.length)
      throw new HasuraError(
        'not-exists',
        `Remote schema with name "${String(a.reload_remote_schemas[0])}" not found in metadata`,
        '$.args',
      );
    // Event triggers are refused metadata here: there is nothing to recreate, only names to check.
    reloadsSource(a.recreate_event_triggers, source);
    return core.reload({ reloadSources: reloadsSource(a.reload_sources, source) });
  },
  get_inconsistent_metadata: async (args, { core }) => {
    objectArgs(args, []);
    return inconsistencyReport(core.metadata.inconsistent);
  },
  drop_inconsistent_metadata: async (args, { core, request }) => {
    checkResourceVersion(core, request);
    objectArgs(args, []);
    await core.dropInconsistent();
    return { message: 'success' };
  },
  replace_metadata: async (args, { core, request }) => replaceMetadata(core, args, requestVersion(request)),
  get_catalog_state: async (args, { core }) => {
    objectArgs(args, []);
    return { ...core.catalogState };
  },
  set_catalog_state: async (args, { core }) => {
    const a = objectArgs(args, ['type', 'state']);
    if (a.type !== 'cli' && a.type !== 'console')
      throw new HasuraError('parse-failed', 'expected "cli" or "console"', '$.args.type');
    if (!isObj(a.state)) throw new HasuraError('parse-failed', 'expected Object', '$.args.state');
    core.catalogState[a.type === 'cli' ? 'cli_state' : 'console_state'] = a.state;
    return { message: 'success' };
  },
};
