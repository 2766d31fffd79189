/** The base of every factory: where it writes, one row of any table, unique names, days from today. */
import { randomBytes } from 'node:crypto';
import { sql as sqlText } from '@portal/actions/sql';
import { addDaysToWireDate, portalToday } from '@portal/domain';
import type pg from 'pg';

/** Where a factory writes: the test's pool, or a client (pg.Pool and pg.Client both fit). */
export interface Sql {
  query<R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

let counter = 0;
/** A short text no other call in this run returns (for names, codes, e-mails). */
export const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/** A row by its SQL column names. */
export type Row = Record<string, unknown>;
/** A row as inserted, with its generated id. */
export type Inserted = Row & { id: number };

/** Inserts one row of `table` with these columns; returns it whole. */
export async function insertRow(sql: Sql, table: string, columns: Row): Promise<Inserted> {
  const names = Object.keys(columns);
  const { text, values } = sqlText`insert into ${sqlText.ident('public', table)}
    (${sqlText.join(names.map((name) => sqlText.ident(name)))})
    values (${sqlText.join(Object.values(columns))}) returning *`.render();
  const { rows } = await sql.query<Inserted>(text, values);
  return rows[0]!;
}

/** The calendar day `offset` days from the portal's today, as the app writes days (yyyy-MM-dd). */
export const dayFromToday = (offset = 0): string => addDaysToWireDate(portalToday(), offset);
