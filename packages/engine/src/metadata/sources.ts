import type { RawMetadata } from './load.ts';
import { fileOf, MetadataError } from './load.ts';

type Obj = Record<string, unknown>;

/**
 * Resolves each source's database URL: `--database-url` (or HASURA_GRAPHQL_DATABASE_URL)
 * wins for the `default` source; otherwise the metadata's `database_url`, which may be a
 * literal, `{from_env: NAME}` or connection parameters.
 */
export function sourceUrls(
  metadata: RawMetadata,
  env: NodeJS.ProcessEnv,
  override?: string,
): Map<string, string> {
  const urls = new Map<string, string>();
  const fallback = `${metadata.dir}/databases/databases.yaml`;
  for (const raw of metadata.sources) {
    const source = raw as Obj;
    const name = String(source.name);
    if (name === 'default' && override) {
      urls.set(name, override);
      continue;
    }
    const info = ((source.configuration as Obj | undefined)?.connection_info ?? {}) as Obj;
    const value = info.database_url;
    const where = `sources.${name}.configuration.connection_info.database_url`;
    if (typeof value === 'string') urls.set(name, value);
    else if (value && typeof value === 'object' && typeof (value as Obj).from_env === 'string') {
      const variable = (value as Obj).from_env as string;
      const fromEnv = env[variable];
      if (!fromEnv)
        throw new MetadataError(
          fileOf(source, fallback),
          where,
          `environment variable ${variable} is not set`,
        );
      urls.set(name, fromEnv);
    } else if (value && typeof value === 'object') {
      const p = value as Obj;
      const url = new URL('postgres://localhost');
      url.hostname = String(p.host ?? 'localhost');
      url.port = String(p.port ?? 5432);
      url.username = String(p.username ?? 'postgres');
      url.password = String(p.password ?? '');
      url.pathname = `/${String(p.database ?? 'postgres')}`;
      urls.set(name, url.toString());
    } else {
      throw new MetadataError(fileOf(source, fallback), where, 'missing');
    }
  }
  return urls;
}
