import type pg from 'pg';

/** Row counts of every table in `public`. */
export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const union = tables.rows
    .map((t) => `select '${t.name}' as name, count(*)::bigint as n from public.${t.name}`)
    .join(' union all ');
  const rows = await client.query<{ name: string; n: string }>(union);
  const out: Record<string, number> = {};
  for (const r of rows.rows.sort((a, b) => a.name.localeCompare(b.name)))
    if (Number(r.n) > 0) out[r.name] = Number(r.n);
  return out;
}

/** Bypasses triggers (audit, current accreditation) and FK checks for the bulk load, or says why not. */
export async function bypassTriggers(client: pg.Client): Promise<'replica' | 'disabled'> {
  await client.query('savepoint bypass');
  try {
    await client.query('set local session_replication_role = replica');
    return 'replica';
  } catch {
    await client.query('rollback to savepoint bypass');
  }
  // Not a superuser: turn off our own triggers per table for this transaction (needs table ownership).
  const triggers = await client.query<{ table: string; name: string }>(
    `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
        and (t.tgname like '%\\_audit' or t.tgname = 'accreditations_refresh_current')`,
  );
  for (const t of triggers.rows) {
    await client.query(`alter table public.${t.table} disable trigger ${t.name}`);
  }
  return 'disabled';
}

/** Turns the triggers `bypassTriggers` disabled back on (before commit). */
export async function restoreTriggers(client: pg.Client): Promise<void> {
  const triggers = await client.query<{ table: string; name: string }>(
    `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and t.tgenabled = 'D'`,
  );
  for (const t of triggers.rows) await client.query(`alter table public.${t.table} enable trigger ${t.name}`);
}
