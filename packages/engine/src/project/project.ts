import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** A Hasura project directory (config v3) as the CLI sees it. */
export interface HasuraProject {
  dir: string;
  metadataDir: string;
  migrationsDir: string;
  seedsDir: string;
}

/** Reads `config.yaml` of a Hasura project directory; a missing file means CLI defaults. */
export function loadProject(dir: string): HasuraProject {
  const root = path.resolve(dir);
  if (!existsSync(root)) throw new Error(`Hasura project directory not found: ${root}`);
  const configFile = path.join(root, 'config.yaml');
  let config: Record<string, unknown> = {};
  if (existsSync(configFile)) {
    const parsed: unknown = YAML.parse(readFileSync(configFile, 'utf8'));
    if (parsed && typeof parsed === 'object') config = parsed as Record<string, unknown>;
    if (config.version !== undefined && config.version !== 3) {
      throw new Error(
        `${configFile}: key 'version' is ${String(config.version)}; only config version 3 is supported`,
      );
    }
  }
  const dirOf = (key: string, fallback: string) => {
    const value = config[key];
    return path.join(root, typeof value === 'string' && value ? value : fallback);
  };
  return {
    dir: root,
    metadataDir: dirOf('metadata_directory', 'metadata'),
    migrationsDir: dirOf('migrations_directory', 'migrations'),
    seedsDir: dirOf('seeds_directory', 'seeds'),
  };
}
