import { ENROLMENT_ONLY_ROLE } from '@portal/domain';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ActionHandler } from '../../actions/define-action.ts';
import { ACTION_HANDLERS } from '../../actions/registry.ts';
import { AppError } from '../../errors/app-error.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { RETRY_AFTER_SECONDS, toAppError } from '../../plugins/app/error-handler.ts';
import { sessionUserId } from '../../services/practices/practice-access.ts';

/** The body Hasura posts to an action handler. */
const ZActionPayloadSchema = z.object({
  action: z.object({ name: z.string().min(1) }),
  input: z.record(z.string(), z.unknown()).default({}),
  session_variables: z
    .record(z.string(), z.string())
    .default({})
    .transform((vars) => Object.fromEntries(Object.entries(vars).map(([k, v]) => [k.toLowerCase(), v]))),
  request_query: z.string().optional(),
});

const ZSessionId = z.uuid();

/**
 * The engine checked the token's signature and expiry, but only we know whether its session has
 * ended since (signed out, revoked, expired): the token's `x-hasura-session-id` claim arrives as a
 * session variable. Calls without one (the admin secret) are not a user's session.
 */
async function requireLiveSession(app: FastifyInstance, session: Record<string, string>) {
  const sessionId = session['x-hasura-session-id'];
  if (sessionId === undefined) return;
  const userId = sessionUserId(session);
  if (userId === null || !ZSessionId.safeParse(sessionId).success) throw new AppError('token_not_valid');
  if (!(await app.sessionIsLive(userId, sessionId))) throw new AppError('token_not_valid');
  // The engine refuses this role every action anyway (no permission); this is the second lock.
  if (session['x-hasura-role'] === ENROLMENT_ONLY_ROLE) throw new AppError('two_factor_enrolment_required');
}

/**
 * POST /api/actions/:name: Hasura Actions. The engine sends the shared secret in
 * `x-actions-secret` (one hook for the folder); errors are answered in Hasura's action error
 * format, `{message, extensions: {code}}`, so the engine passes them on to the client.
 */
const actions: FastifyPluginAsync<{ extraActions?: readonly ActionHandler[] }> = async (app, options) => {
  const handlers = new Map(ACTION_HANDLERS);
  for (const handler of options.extraActions ?? []) handlers.set(handler.name, handler);

  app.addHook('onRequest', async (request) => {
    const secret = request.headers['x-actions-secret'];
    if (typeof secret !== 'string' || !safeEqual(secret, app.config.actionsSecret)) {
      throw new AppError('unauthorized', { message: 'The actions secret is missing or wrong.' });
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'action failed');
    if (appError.code === 'service_unavailable') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    const status =
      appError.statusCode === 401 || appError.statusCode === 413 || appError.statusCode === 503
        ? appError.statusCode
        : appError.statusCode >= 500
          ? 500
          : 400;
    // A token of an ended session: Hasura's own code for a bad token, which clients already
    // answer with one refresh (refused, then Login).
    const code = appError.code === 'token_not_valid' ? 'invalid-jwt' : appError.code;
    return reply.code(status).send({
      message: appError.message,
      extensions: { code, ...(appError.fields ? { fields: appError.fields } : {}) },
    });
  });

  app.post('/:name', async (request) => {
    const { name } = z.object({ name: z.string() }).parse(request.params);
    const payload = ZActionPayloadSchema.parse(request.body);
    if (payload.action.name !== name) {
      throw new AppError('invalid_input', {
        message: `The payload is for action ${payload.action.name}, not ${name}.`,
      });
    }
    await requireLiveSession(app, payload.session_variables);
    const handler: ActionHandler | undefined = handlers.get(name);
    if (!handler) throw new AppError('not_found', { message: `There is no action ${name}.` });
    const input = handler.input.parse(payload.input);
    return handler.handle({ app, session: payload.session_variables, input });
  });
};
export default actions;
