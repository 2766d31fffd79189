import type { FastifyPluginAsync } from 'fastify';
import { loadStaticChoices } from '../../services/choices/static-choices.ts';

/**
 * /api/static/*: GET /api/static/choices (spec 000 §3 `GET static.choices/`, spec 002 §7): the
 * choice lists as [value, label] pairs by key, and `max_file_size` (decimal MB). Signed-in users
 * only (the app loads them when signed in); private to the browser, asked again after a minute,
 * so a label the provider admin changes reaches every tab soon.
 */
const staticRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get('/choices', async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=60');
    return loadStaticChoices(app.db, app.config.maxFileSizeMb);
  });
};
export default staticRoutes;
