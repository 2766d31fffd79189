import pg from 'pg';
import { type Catalog, introspect, tableKey } from '../catalog/introspect.ts';
import type { Model } from '../model/types.ts';
import { render, sql } from '../sql/sql.ts';
import { qualifiedTable } from './check.ts';
import type { RawMetadata } from './load.ts';
import { buildModel, type EnumRows } from './model.ts';

/** The source's connection settings the engine uses (`databases.yaml`). */
export interface ConnectionSettings {
  isolation: 'read-committed' | 'repeatable-read' | 'serializable';
  maxConnections?: number;
}

/** Reads `isolation_level` and `pool_settings.max_connections` of the source; refuses an unknown isolation level. */
export function connectionSettings(raw: RawMetadata): ConnectionSettings {
  const connection = ((raw.sources[0] as { configuration?: { connection_info?: unknown } } | undefined)
    ?.configuration?.connection_info ?? {}) as {
    isolation_level?: string;
    pool_settings?: { max_connections?: number };
  };
  const isolation = connection.isolation_level ?? 'read-committed';
  if (isolation !== 'read-committed' && isolation !== 'repeatable-read' && isolation !== 'serializable')
    throw new Error(
      `databases.yaml: isolation_level must be read-committed, repeatable-read or serializable, found '${isolation}'`,
    );
  return { isolation, maxConnections: connection.pool_settings?.max_connections };
}

/** The rows of every enum table (`is_enum: true`): value and comment, by table key (run_sql checks them inside its transaction). */
export async function enumRows(
  client: pg.ClientBase,
  raw: { sources: unknown[] },
  catalog: Catalog,
): Promise<EnumRows> {
  const rows: EnumRows = new Map();
  const source = raw.sources[0] as { tables?: Array<Record<string, unknown>> } | undefined;
  for (const entry of source?.tables ?? []) {
    if (entry.is_enum !== true) continue;
    const name = qualifiedTable(entry.table);
    const table = name && catalog.tables.get(tableKey(name.schema, name.name));
    const pk = table?.primaryKey?.length === 1 ? table.primaryKey[0] : undefined;
    if (!table || !pk) continue;
    const comment = table.columns.find((c) => c.name !== pk)?.name;
    const label = comment ? sql`${sql.ident(comment)}::text` : sql`NULL`;
    const { text } = render(
      sql`SELECT ${sql.ident(pk)}::text AS value, ${label} AS comment FROM ${sql.ident(table.schema, table.name)} ORDER BY 1`,
    );
    const res = await client.query(text);
    rows.set(tableKey(table.schema, table.name), res.rows);
  }
  return rows;
}

/** What the metadata is checked against: the source's catalogue and its enum tables' rows. */
export interface DatabaseState {
  catalogs: Map<string, Catalog>;
  enumRows: EnumRows;
}

/** Reads the catalogue (tables, columns, constraints, functions) and the enum tables' rows. */
export async function readDatabase(raw: RawMetadata, databaseUrl: string): Promise<DatabaseState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // Errors reach the awaiting query; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const catalog = await introspect(client);
    const sourceName = String((raw.sources[0] as { name?: string } | undefined)?.name ?? 'default');
    return { catalogs: new Map([[sourceName, catalog]]), enumRows: await enumRows(client, raw, catalog) };
  } finally {
    await client.end();
  }
}

/**
 * Checks loaded metadata against the live database and resolves the typed model; throws an
 * AggregateError of MetadataErrors (file and key each) when anything is wrong or unsupported.
 */
export async function loadModel(raw: RawMetadata, databaseUrl: string): Promise<Model> {
  const { catalogs, enumRows } = await readDatabase(raw, databaseUrl);
  return buildModel(raw, catalogs, enumRows);
}
