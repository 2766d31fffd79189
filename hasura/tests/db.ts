import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** A connected client plus helpers to run statements as a Hasura session would. */
export interface Db {
  client: pg.Client;
  /** Runs one statement; returns its rows. */
  q<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Runs work in a transaction with `hasura.user` set, as the engine does for mutations. */
  asUser<T>(session: Record<string, string>, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function connect(url: string): Promise<Db> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    client,
    q: async (text, values) => (await client.query(text, values)).rows,
    asUser: async (session, work) => {
      await client.query('begin');
      try {
        await client.query("select set_config('hasura.user', $1, true)", [JSON.stringify(session)]);
        const result = await work();
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    close: () => client.end(),
  };
}

/** The PostgreSQL error a statement fails with (SQLSTATE code, constraint, message). */
export async function failureOf(db: Db, text: string, values?: unknown[]) {
  await db.client.query('savepoint probe');
  try {
    await db.client.query(text, values);
  } catch (error) {
    await db.client.query('rollback to savepoint probe');
    const e = error as { code?: string; constraint?: string; message?: string };
    return { code: e.code, constraint: e.constraint, message: e.message };
  }
  await db.client.query('rollback to savepoint probe');
  throw new Error(`expected the statement to fail: ${text}`);
}

/**
 * A fresh database cloned from a template, and a connection to it, for one test file: made before
 * its tests, dropped after. Read `db` inside tests and hooks (it exists once `beforeAll` ran).
 */
export function useTestDb(template: 'empty' | 'migrated' | 'seeded' = 'migrated'): {
  readonly db: Db;
  readonly url: string;
} {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(template);
    db = await connect(database.url);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('useTestDb: the database is made in beforeAll');
      return db;
    },
    get url() {
      if (!database) throw new Error('useTestDb: the database is made in beforeAll');
      return database.url;
    },
  };
}
