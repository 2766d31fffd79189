import fp from 'fastify-plugin';
import pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PostgreSQL connection pool (use `app.db` for queries and transactions). */
    pool: pg.Pool;
    /** A pool on REPORTS_DATABASE_URL, the reports' read replica, when one is configured. */
    reportsPool: pg.Pool | null;
  }
}

/** A pg pool on DATABASE_URL (and one on REPORTS_DATABASE_URL when set), closed with the app. */
export default fp(
  async (app) => {
    const open = (url: string, name: string) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: app.config.database.poolSize,
        application_name: name,
        // Without it a request waits forever for a connection to an unreachable database.
        connectionTimeoutMillis: app.config.database.connectTimeoutMs,
      });
      // An idle client losing its connection must not crash the process; the pool drops it and
      // opens a new connection on the next checkout, so the service recovers by itself.
      pool.on('error', (error) => app.log.error({ err: error }, `idle database client of ${name} failed`));
      app.addHook('onClose', () => pool.end());
      return pool;
    };
    app.decorate('pool', open(app.config.database.url, 'portal-actions'));
    const { reportsUrl } = app.config.database;
    app.decorate('reportsPool', reportsUrl ? open(reportsUrl, 'portal-actions-reports') : null);
  },
  { name: 'postgres', dependencies: ['config'] },
);
