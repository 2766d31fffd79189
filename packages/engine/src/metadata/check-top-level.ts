import { fileOf, MetadataError, type RawMetadata } from './load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Top-level metadata files: refused unless empty, except the parts the engine implements. */
const REFUSED_TOP_LEVEL: Array<[key: string, file: string, why: string]> = [
  ['remote_schemas', 'remote_schemas.yaml', 'remote schemas are not supported by this engine'],
  ['cron_triggers', 'cron_triggers.yaml', 'cron triggers are not supported by this engine'],
  ['allowlist', 'allow_list.yaml', 'the allow-list is not supported by this engine'],
  ['rest_endpoints', 'rest_endpoints.yaml', 'RESTified endpoints are not supported by this engine'],
  ['network', 'network.yaml', 'network settings are not supported by this engine'],
  ['backend_configs', 'backend_configs.yaml', 'backend configs are not supported by this engine'],
  ['opentelemetry', 'opentelemetry.yaml', 'OpenTelemetry export is not supported by this engine'],
  [
    'graphql_schema_introspection',
    'graphql_schema_introspection.yaml',
    'disabling introspection per role is not supported by this engine',
  ],
];

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (Array.isArray(v) ? v.length === 0 : isObj(v) && Object.keys(v).length === 0);

/** Checks the top-level files (remote schemas, cron triggers, api limits...). */
export function checkTopLevel(metadata: RawMetadata): MetadataError[] {
  const errors: MetadataError[] = [];
  for (const [key, file, why] of REFUSED_TOP_LEVEL) {
    const value = metadata[key];
    if (!isEmpty(value)) errors.push(new MetadataError(fileOf(value, `${metadata.dir}/${file}`), key, why));
  }
  // Query collections only matter with the allow-list or REST endpoints; both are refused above.
  const limits = metadata.api_limits;
  if (isObj(limits)) {
    const file = fileOf(limits, `${metadata.dir}/api_limits.yaml`);
    for (const [key, value] of Object.entries(limits)) {
      if (key === 'disabled') continue;
      if (key !== 'depth_limit' && key !== 'node_limit')
        errors.push(
          new MetadataError(file, key, 'only depth_limit and node_limit are supported by this engine'),
        );
      else if (!isObj(value) || Object.keys(value).some((k) => k !== 'global'))
        errors.push(
          new MetadataError(file, key, 'only a global limit is supported by this engine (per_role is not)'),
        );
    }
  }
  return errors;
}
