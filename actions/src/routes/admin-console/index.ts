import { ADMIN_CONSOLE_LIMITS } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { forwardConsoleRequest } from '../../services/admin-console/forward-console-request.ts';

/** One GraphQL request; an array (a batch) or anything else is refused. */
const ZConsoleBody = z.strictObject({
  query: z.string().min(1).max(ADMIN_CONSOLE_LIMITS.maxBodyBytes),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});

/**
 * /api/admin-console/*: the embedded stack's data console (issue 18). The only place that grants
 * Hasura's admin role, and only to an active provider admin, re-read at each request.
 *
 * POST /api/admin-console/graphql {query, variables?, operationName?}: the engine's answer to the
 * operation run as `admin` with the caller's user id (the audit log's changed_by_id).
 */
const adminConsole: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // After authenticate: counted per signed-in user, not per address (the gateway's one address).
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: ADMIN_CONSOLE_LIMITS.ratePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `admin-console:${request.user?.id ?? request.ip}`,
    }),
  );

  app.post('/graphql', { bodyLimit: ADMIN_CONSOLE_LIMITS.maxBodyBytes }, async (request, reply) => {
    const parsed = ZConsoleBody.safeParse(request.body);
    if (!parsed.success) {
      throw new AppError('invalid_input', {
        message: 'Send one GraphQL request: {"query": "…", "variables": {…}, "operationName": "…"}.',
      });
    }
    const answer = await forwardConsoleRequest(
      app.db,
      { graphqlUrl: app.config.graphqlUrl, adminSecret: app.config.adminSecret },
      request.user.id,
      parsed.data,
    );
    return reply
      .code(answer.status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(answer.body);
  });
};
export default adminConsole;
