import type { FastifyPluginAsync } from 'fastify';
import { sql } from '../../db/sql.ts';

/** GET /api/health: 200 when the database answers (the stack and load balancers poll it). */
const health: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    await app.db.one(sql`select 1 as ok`);
    return { status: 'ok' };
  });
};
export default health;
