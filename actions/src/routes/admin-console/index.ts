import { ADMIN_CONSOLE_LIMITS, ZConsoleExplainSchema } from '@portal/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { explainConsoleQuery } from '../../services/admin-console/explain-console-query.ts';
import {
  type ConsoleAnswer,
  forwardConsoleRequest,
} from '../../services/admin-console/forward-console-request.ts';

/** One GraphQL request; an array (a batch) or anything else is refused. */
const ZConsoleBody = z.strictObject({
  query: z.string().min(1).max(ADMIN_CONSOLE_LIMITS.maxBodyBytes),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});

/**
 * /api/admin-console/*: the embedded stack's data console (docs/decisions/admin-console.md). Only
 * an active provider admin, re-read at each request, and never as Hasura's admin: the console's
 * role `provider_admin_console` is the provider admin's permissions plus the console's grants.
 *
 * POST /api/admin-console/graphql {query, variables?, operationName?}: the engine's answer to the
 * operation run as `provider_admin_console` with the caller's user id (the audit log's
 * changed_by_id).
 *
 * POST /api/admin-console/explain {query: {query, variables?, operationName?}, user?: {x-hasura-role,
 * x-hasura-*}}: the engine's /v1/graphql/explain answer, `[{field, sql, plan}]`.
 */
const adminConsole: FastifyPluginAsync = async (app) => {
  const engine = { graphqlUrl: app.config.graphqlUrl, adminSecret: app.config.adminSecret };
  app.addHook('onRequest', app.authenticate);
  // After authenticate: counted per signed-in user, not per address (the gateway's one address).
  app.addHook(
    'onRequest',
    app.rateLimit({
      groupId: 'admin-console',
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
    const answer = await forwardConsoleRequest(app.db, engine, request.user.id, parsed.data);
    return send(reply, answer);
  });

  app.post('/explain', { bodyLimit: ADMIN_CONSOLE_LIMITS.maxBodyBytes }, async (request, reply) => {
    const parsed = ZConsoleExplainSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.code === 'custom');
      throw new AppError('invalid_input', {
        message:
          issue?.message ??
          'Send one explain request: {"query": {"query": "…", "variables": {…}}, "user": {"x-hasura-role": "…"}}.',
      });
    }
    const answer = await explainConsoleQuery(app.db, engine, request.user.id, parsed.data);
    return send(reply, answer);
  });
};
/** The engine's answer as it is: never cached. */
function send(reply: FastifyReply, answer: ConsoleAnswer) {
  return reply
    .code(answer.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(answer.body);
}

export default adminConsole;
