/**
 * The metadata keys `checkMetadata` knows, per kind of entry (a source, a table, its configuration,
 * its root fields, each kind of permission), and the table keys it refuses with the reason.
 */

/** Keys a table entry may carry, and whether we support them. Unknown or refused keys stop the check. */
export const TABLE_KEYS = new Set([
  'table',
  'is_enum',
  'configuration',
  'object_relationships',
  'array_relationships',
  'computed_fields',
  'select_permissions',
  'insert_permissions',
  'update_permissions',
  'delete_permissions',
]);
export const REFUSED_TABLE_KEYS: Record<string, string> = {
  remote_relationships: 'remote relationships are not supported by this engine',
  event_triggers: 'event triggers are not supported by this engine',
  apollo_federation_config: 'Apollo federation is not supported by this engine',
};
export const CONFIGURATION_KEYS = new Set([
  'custom_name',
  'custom_root_fields',
  'column_config',
  'custom_column_names',
  'comment',
]);
export const ROOT_FIELD_KEYS = new Set([
  'select',
  'select_by_pk',
  'select_aggregate',
  'select_stream',
  'insert',
  'insert_one',
  'update',
  'update_by_pk',
  'update_many',
  'delete',
  'delete_by_pk',
]);
export const PERMISSION_KEYS: Record<string, Set<string>> = {
  select_permissions: new Set([
    'columns',
    'computed_fields',
    'filter',
    'limit',
    'allow_aggregations',
    'query_root_fields',
    'subscription_root_fields',
  ]),
  insert_permissions: new Set(['check', 'columns', 'set', 'backend_only', 'validate_input']),
  update_permissions: new Set(['columns', 'filter', 'check', 'set', 'backend_only', 'validate_input']),
  delete_permissions: new Set(['filter', 'backend_only', 'validate_input']),
};
export const SOURCE_KEYS = new Set(['name', 'kind', 'configuration', 'customization', 'tables', 'functions']);
