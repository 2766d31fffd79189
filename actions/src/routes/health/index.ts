import type { FastifyPluginAsync } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { RETRY_AFTER_SECONDS } from '../../plugins/app/error-handler.ts';

/**
 * GET /api/health: 200 `{status: "ok"}` when the database answers; 503
 * `{status: "unavailable", database: "down", …}` when it does not (the stack and load balancers
 * poll it).
 */
const health: FastifyPluginAsync = async (app) => {
  // Polled every few seconds by the stack and load balancers: not worth a log line each time.
  app.get('/health', { logLevel: 'silent' }, async (_request, reply) => {
    try {
      await app.db.one(sql`select 1 as ok`);
    } catch {
      const unavailable = new AppError('service_unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ ...unavailable.toJSON(), status: 'unavailable', database: 'down' });
    }
    return { status: 'ok' };
  });
};
export default health;
