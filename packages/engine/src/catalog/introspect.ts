import pg from 'pg';

/** A column as PostgreSQL describes it. */
export interface CatalogColumn {
  name: string;
  /** Type name as `format_type` prints it without modifiers' schema, e.g. `integer`, `text`, `timestamp with time zone`. */
  type: string;
  /** Underlying base type name (`pg_type.typname`), e.g. `int4`, `citext`, `_text` for arrays. */
  udt: string;
  /** Type category letter of pg_type (N numeric, S string, B boolean, D date/time, U user, A array, E enum ...). */
  category: string;
  /** Element type name for arrays. */
  elementUdt: string | null;
  nullable: boolean;
  hasDefault: boolean;
  /** Identity or generated columns cannot be written. */
  isIdentity: boolean;
  isGenerated: boolean;
  position: number;
  comment: string | null;
  /** Values of a native PostgreSQL enum type. */
  enumValues: string[] | null;
}

export interface CatalogConstraint {
  name: string;
  kind: 'p' | 'u' | 'f' | 'c' | 'x';
  columns: string[];
  /** For foreign keys. */
  references?: { schema: string; table: string; columns: string[] };
}

export interface CatalogTable {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table';
  comment: string | null;
  columns: CatalogColumn[];
  primaryKey: string[] | null;
  constraints: CatalogConstraint[];
  /** What PostgreSQL can write through this relation (views: auto-updatable or INSTEAD OF triggers). */
  writable?: { insert: boolean; update: boolean; delete: boolean };
}

export interface CatalogFunction {
  schema: string;
  name: string;
  argTypes: Array<{ name: string | null; udt: string; typeSchema: string; hasDefault: boolean }>;
  returnsSet: boolean;
  returnType: { schema: string; name: string };
  volatility: 'i' | 's' | 'v';
  comment: string | null;
}

/** The parts of a database's catalog the engine needs, keyed by `schema.name`. */
export interface Catalog {
  tables: Map<string, CatalogTable>;
  functions: Map<string, CatalogFunction[]>;
  serverVersion: number;
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`;

const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind as kind, obj_description(c.oid, 'pg_class') as comment,
  pg_relation_is_updatable(c.oid, true) as updatable,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, null),
      'udt', case when t.typtype = 'd' then bt.typname else t.typname end,
      'category', case when t.typtype = 'd' then bt.typcategory else t.typcategory end,
      'elementUdt', et.typname,
      'nullable', not a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '',
      'isIdentity', a.attidentity <> '',
      'isGenerated', a.attgenerated <> '',
      'position', a.attnum,
      'comment', col_description(c.oid, a.attnum),
      'enumValues', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e
                     where e.enumtypid = case when t.typtype = 'd' then bt.oid else t.oid end)
    ) order by a.attnum)
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    left join pg_type bt on bt.oid = t.typbasetype
    left join pg_type et on et.oid = (case when t.typtype = 'd' then bt.typelem else t.typelem end) and et.oid <> 0
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns,
  coalesce((
    select json_agg(json_build_object(
      'name', k.conname,
      'kind', k.contype,
      'columns', (select json_agg(att.attname order by u.ord) from unnest(k.conkey) with ordinality u(attnum, ord)
                  join pg_attribute att on att.attrelid = k.conrelid and att.attnum = u.attnum),
      'references', case when k.contype = 'f' then json_build_object(
        'schema', rn.nspname, 'table', rc.relname,
        'columns', (select json_agg(att.attname order by u.ord) from unnest(k.confkey) with ordinality u(attnum, ord)
                    join pg_attribute att on att.attrelid = k.confrelid and att.attnum = u.attnum)) end
    ) order by k.conname)
    from pg_constraint k
    left join pg_class rc on rc.oid = k.confrelid
    left join pg_namespace rn on rn.oid = rc.relnamespace
    where k.conrelid = c.oid and k.contype in ('p', 'u', 'f', 'c', 'x')
  ), '[]') as constraints
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'f', 'p')
  and n.nspname not in ('pg_catalog', 'information_schema', 'hdb_catalog')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as "returnsSet", p.provolatile as volatility,
  obj_description(p.oid, 'pg_proc') as comment,
  json_build_object('schema', rtn.nspname, 'name', rt.typname) as "returnType",
  coalesce((
    select json_agg(json_build_object(
      'name', nullif(p.proargnames[u.ord], ''),
      'udt', t.typname, 'typeSchema', tn.nspname,
      'hasDefault', u.ord > p.pronargs - p.pronargdefaults) order by u.ord)
    from unnest(p.proargtypes::oid[]) with ordinality u(typ, ord)
    join pg_type t on t.oid = u.typ join pg_namespace tn on tn.oid = t.typnamespace
  ), '[]') as "argTypes"
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
join pg_namespace rtn on rtn.oid = rt.typnamespace
where p.prokind = 'f'
  and n.nspname not in ('pg_catalog', 'information_schema', 'hdb_catalog')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

const KINDS: Record<string, CatalogTable['kind']> = {
  r: 'table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
  p: 'partitioned_table',
};

/** Reads tables, views, columns, constraints and functions of every user schema. */
export async function introspect(client: pg.ClientBase): Promise<Catalog> {
  // One client runs one query at a time.
  const tables = await client.query(TABLES_SQL);
  const functions = await client.query(FUNCTIONS_SQL);
  const version = await client.query<{ server_version_num: string }>('show server_version_num');
  const catalog: Catalog = {
    tables: new Map(),
    functions: new Map(),
    serverVersion: Number(version.rows[0]?.server_version_num ?? 0),
  };
  for (const row of tables.rows) {
    const constraints = row.constraints as CatalogConstraint[];
    const pk = constraints.find((k) => k.kind === 'p');
    catalog.tables.set(tableKey(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      kind: KINDS[row.kind as string] ?? 'table',
      comment: row.comment,
      columns: row.columns as CatalogColumn[],
      primaryKey: pk ? pk.columns : null,
      constraints,
      // pg_relation_is_updatable bits: 8 INSERT, 4 UPDATE, 16 DELETE.
      writable: {
        insert: (row.updatable & 8) !== 0,
        update: (row.updatable & 4) !== 0,
        delete: (row.updatable & 16) !== 0,
      },
    });
  }
  for (const row of functions.rows) {
    const key = tableKey(row.schema, row.name);
    const list = catalog.functions.get(key) ?? [];
    list.push(row as CatalogFunction);
    catalog.functions.set(key, list);
  }
  return catalog;
}

/** Connects, introspects, disconnects. */
export async function introspectUrl(databaseUrl: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await introspect(client);
  } finally {
    await client.end();
  }
}
