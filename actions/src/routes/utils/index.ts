import { CLIENT_LOG_MAX_DATA_BYTES, CLIENT_LOG_PER_MINUTE, ZClientLogSchema } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { recordClientLog } from '../../services/client-log/record-client-log.ts';

/**
 * /api/utils/*: POST /api/utils/log {severity, data} (spec 000 §7 `POST /utils/log/`, client
 * logging): what the app only logs, kept for provider admins. Signed-in users only; at most
 * CLIENT_LOG_PER_MINUTE entries a minute per user (429 beyond, nothing kept) and
 * CLIENT_LOG_MAX_DATA_BYTES of data each (400). Answers 204.
 */
const utils: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // After authenticate: counted per signed-in user, not per address (the gateway's one address).
  app.addHook(
    'onRequest',
    app.rateLimit({
      groupId: 'client-log',
      max: CLIENT_LOG_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `client-log:${request.user?.id ?? request.ip}`,
    }),
  );

  // The body: the data and a little JSON around it.
  app.post('/log', { bodyLimit: CLIENT_LOG_MAX_DATA_BYTES + 1024 }, async (request, reply) => {
    const entry = ZClientLogSchema.parse(request.body);
    await recordClientLog(app.db, {
      ...entry,
      userId: request.user.id,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(204).send();
  });
};
export default utils;
