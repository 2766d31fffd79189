import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@portal/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { engineCallerOf } from '../../lib/engine-as-user.ts';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { sendError } from '../../plugins/app/error-handler.ts';
import factorRoutes from './factors.ts';
import sessionRoutes from './sessions.ts';

const ZUserParams = z.object({ id: ZRowIdParam });

/** The image of a PUT: the one file of a multipart form, or the raw body. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw new AppError('invalid_input', { message: 'Choose an image to upload.' });
    return file.toBuffer();
  }
  // Bodies of other types (text, JSON) were parsed as such: not an image.
  if (!Buffer.isBuffer(request.body))
    throw new AppError('unsupported_file_type', { message: AVATAR_MESSAGES.unsupportedType });
  return request.body;
}

/** /api/user/*: the signed-in user, avatars and sign-in factors. Every route needs a signed-in user. */
const user: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // Raw image bodies up to the avatar limit; the bytes decide the real type.
  app.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Anything too large in this folder is an image that is too large.
  app.setErrorHandler((error, request, reply) =>
    sendError(
      (error as { statusCode?: number }).statusCode === 413
        ? new AppError('file_too_large', { message: AVATAR_MESSAGES.tooLarge })
        : error,
      request,
      reply,
    ),
  );

  // Also during two-factor enrolment: the app learns from it that the session must enrol first.
  app.get('/current', { config: { duringEnrolment: true } }, async (request) =>
    app.accounts.getCurrentUser(request.user),
  );

  // Two-factor sign-in: the caller's own factors (Account Settings).
  await app.register(factorRoutes, { prefix: '/factors' });
  // The caller's own sign-ins (Account Settings): listed and ended.
  await app.register(sessionRoutes, { prefix: '/sessions' });

  // Only someone the caller may see through GraphQL (the engine is asked as the caller).
  app.get('/:id/avatar', async (request) =>
    app.accounts.getAvatar(
      engineCallerOf(request, app.config.graphqlUrl),
      ZUserParams.parse(request.params).id,
    ),
  );

  app.put('/:id/avatar', async (request) => {
    const { id } = ZUserParams.parse(request.params);
    if (id !== request.user.id)
      throw new AppError('forbidden', { message: 'You can only change your own picture.' });
    return app.accounts.setAvatar(request.user, id, await readImage(request));
  });
};
export default user;
