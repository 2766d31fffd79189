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

const LIMIT_KEYS = new Set(['depth_limit', 'node_limit', 'batch_limit', 'time_limit']);
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** What is wrong with one `api_limits` entry (`{global, per_role}` of non-negative integers), if anything. */
function limitProblem(value: unknown, perRoleAllowed: boolean): string | null {
  if (!isObj(value)) return 'must be an object with global and per_role';
  for (const [k, v] of Object.entries(value)) {
    if (k === 'global') {
      if (!isCount(v)) return 'global must be a non-negative integer';
    } else if (k === 'per_role') {
      if (!perRoleAllowed)
        return 'only a global limit is supported here by this engine (per_role is not: it applies per request or per connection)';
      if (!isObj(v) || !Object.values(v).every(isCount))
        return 'per_role must map role names to non-negative integers';
    } else return `unknown key '${k}' (global and per_role are allowed)`;
  }
  return null;
}

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
      if (key === 'disabled') {
        if (typeof value !== 'boolean') errors.push(new MetadataError(file, key, 'must be true or false'));
        continue;
      }
      if (!LIMIT_KEYS.has(key)) {
        errors.push(
          new MetadataError(
            file,
            key,
            'only depth_limit, node_limit, batch_limit and time_limit are supported by this engine (rate_limit needs Hasura EE and Redis)',
          ),
        );
        continue;
      }
      const perRoleAllowed = key === 'depth_limit' || key === 'node_limit';
      const problem = limitProblem(value, perRoleAllowed);
      if (problem) errors.push(new MetadataError(file, key, problem));
    }
  }
  return errors;
}
