import type { FastifyPluginAsync } from 'fastify';
import { sql } from '../../db/sql.ts';

/** GET /api/health: 200 when the database answers (the stack and load balancers poll it). */
const health: FastifyPluginAsync = async (app) => {
  // Polled every few seconds by the stack and load balancers: not worth a log line each time.
  app.get('/health', { logLevel: 'silent' }, async () => {
    await app.db.one(sql`select 1 as ok`);
    return { status: 'ok' };
  });
};
export default health;
