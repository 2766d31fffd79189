import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { endAllUserSessions } from '../../services/admin-users/end-all-user-sessions.ts';
import { resetUserFactors } from '../../services/admin-users/reset-user-factors.ts';

const ZUserParams = z.object({ id: ZRowIdParam });

/**
 * /api/admin/users/:id/*: a provider admin's tools on another account's sign-in
 * (docs/decisions/accounts-and-sessions.md, "Admin reset"). A bearer token; the service re-reads
 * that the caller is an active provider admin now.
 */
const adminUsers: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/:id/reset-factors', async (request) =>
    resetUserFactors(app, request.user.id, ZUserParams.parse(request.params).id),
  );

  app.post('/:id/end-sessions', async (request) =>
    endAllUserSessions(app, request.user.id, ZUserParams.parse(request.params).id),
  );
};
export default adminUsers;
