import fp from 'fastify-plugin';
import pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PostgreSQL connection pool (use `app.db` for queries and transactions). */
    pool: pg.Pool;
  }
}

/** A pg pool on DATABASE_URL, closed with the app. */
export default fp(
  async (app) => {
    const pool = new pg.Pool({
      connectionString: app.config.database.url,
      max: app.config.database.poolSize,
      application_name: 'portal-actions',
      // Without it a request waits forever for a connection to an unreachable database.
      connectionTimeoutMillis: app.config.database.connectTimeoutMs,
    });
    // An idle client losing its connection must not crash the process; the pool drops it and
    // opens a new connection on the next checkout, so the service recovers by itself.
    pool.on('error', (error) => app.log.error({ err: error }, 'idle database client failed'));
    app.decorate('pool', pool);
    app.addHook('onClose', () => pool.end());
  },
  { name: 'postgres', dependencies: ['config'] },
);
