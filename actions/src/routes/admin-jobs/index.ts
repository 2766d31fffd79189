import type { FastifyPluginAsync } from 'fastify';
import { listScheduledJobs } from '../../services/scheduler/list-scheduled-jobs.ts';

/**
 * /api/admin/jobs: the admin area's "Scheduled jobs" view (docs/decisions/notifications.md#jobs-view).
 * A bearer token; the service re-reads that the caller is an active provider admin now.
 */
const adminJobs: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', async (request) => listScheduledJobs(app, request.user.id));
};
export default adminJobs;
