export { exportMetadata, type HasuraMetadata } from './admin-api/metadata-export.ts';
export { metadataToRaw, writeMetadataDirectory } from './admin-api/metadata-files.ts';
export { type InconsistentObject, resolveMetadata } from './admin-api/metadata-inconsistency.ts';
export {
  type Catalog,
  type CatalogColumn,
  type CatalogTable,
  introspect,
  introspectUrl,
} from './catalog/introspect.ts';
export { estimateRows } from './compile/cost.ts';
export { DEFAULT_LIMITS } from './engine/api-limits.ts';
export { createEngine, type Engine } from './engine/create.ts';
export type { EngineCore } from './engine/engine.ts';
export { loadEngineCore } from './engine/load-engine-core.ts';
export type { EngineOptions, ReloadResult, ServedMetadata } from './engine/options.ts';
export type { CompiledField, CompiledRequest, GraphQLRequest } from './engine/request.ts';
export { HasuraError } from './errors.ts';
export type { SentStatement, Session } from './exec/executor.ts';
export { checkMetadata } from './metadata/check.ts';
export { loadMetadataDirectory, MetadataError, type RawMetadata } from './metadata/load.ts';
export { sourceUrls } from './metadata/sources.ts';
export {
  applyMigrations,
  listMigrations,
  type Migration,
  type MigrationStatus,
  migrationStatus,
  rollbackMigrations,
} from './project/migrations.ts';
export { type HasuraProject, loadProject } from './project/project.ts';
export { applySeeds, listSeeds } from './project/seeds.ts';
export { buildRoleSchema } from './schema/build.ts';
export { schemaSnapshots } from './schema/snapshot.ts';
export { startFromEnv } from './server/main.ts';
