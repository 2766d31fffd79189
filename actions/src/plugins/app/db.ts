import fp from 'fastify-plugin';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { type SqlQuery, sql } from '../../db/sql.ts';

/** Who causes a write: recorded by the audit trigger through `hasura.user`. */
export interface Actor {
  userId: number;
  role: string;
}

/** Something that runs statements: the pool or one transaction. */
export interface Queryable {
  /** All rows. */
  many<R>(query: SqlQuery): Promise<R[]>;
  /** The first row, or undefined. */
  maybeOne<R>(query: SqlQuery): Promise<R | undefined>;
  /** The first row; throws when there is none. */
  one<R>(query: SqlQuery): Promise<R>;
}

export interface Db extends Queryable {
  /**
   * Runs `work` in one transaction. With an actor, the transaction first sets `hasura.user`
   * (as Hasura does for mutations) so the audit log records who made the change.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, actor?: Actor): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Where the reports read their figures: the read replica when configured, else `db`. */
    reportsDb: Db;
  }
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  const many = async <R>(query: SqlQuery) => {
    const { text, values } = query.render();
    return (await client.query(text, values)).rows as R[];
  };
  return {
    many,
    maybeOne: async <R>(query: SqlQuery) => (await many<R>(query))[0],
    one: async <R>(query: SqlQuery) => {
      const rows = await many<R>(query);
      if (rows.length === 0) throw new Error(`expected a row from: ${query.text}`);
      return rows[0]!;
    },
  };
}

/** Creates the database access object over a pool. */
export function createDb(pool: pg.Pool): Db {
  return {
    ...queryable(pool),
    async transaction(work, actor) {
      const client = await pool.connect();
      // The pool listens for errors only on idle clients: one lost while we hold it (between
      // two statements of this transaction) would otherwise be an unhandled 'error' event.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        if (actor) {
          const session = { 'x-hasura-user-id': String(actor.userId), 'x-hasura-role': actor.role };
          const { text, values } =
            sql`select set_config('hasura.user', ${JSON.stringify(session)}, true)`.render();
          await client.query(text, values);
        }
        const result = await work(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        if (isDatabaseUnavailable(error)) lost ??= error as Error;
        throw error;
      } finally {
        client.removeListener('error', onError);
        // A client whose connection failed is destroyed, not handed to the next request.
        client.release(lost);
      }
    },
  };
}

/** `app.db`: queries and transactions on the pool; `app.reportsDb` on the reports' replica. */
export default fp(
  async (app) => {
    const db = createDb(app.pool);
    app.decorate('db', db);
    app.decorate('reportsDb', app.reportsPool ? createDb(app.reportsPool) : db);
  },
  { name: 'db', dependencies: ['postgres'] },
);
