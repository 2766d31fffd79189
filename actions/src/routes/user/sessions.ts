import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

const ZSessionParams = z.object({ id: z.uuid({ message: 'Not a session.' }) });

/**
 * /api/user/sessions/*: the caller's own sign-ins (Account Settings): listed, and ended one or all
 * but this one. The folder's authentication hook (the parent's) applies; every call is about the
 * caller's own sessions only.
 */
const sessions: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', async (request) => app.accounts.listUserSessions(request.user));

  app.post('/end-others', async (request) =>
    app.accounts.endUserSessions(request.user, 'others', request.ip),
  );

  app.post('/:id/end', async (request) =>
    app.accounts.endUserSessions(
      request.user,
      { familyId: ZSessionParams.parse(request.params).id },
      request.ip,
    ),
  );
};
export default sessions;
