import { ZConfirmTotpSchema, ZRegisterPasskeySchema, ZRemoveFactorSchema } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ZRowIdParam } from '../../lib/route-params.ts';

const ZFactorParams = z.object({ id: ZRowIdParam });

/**
 * /api/user/factors/*: the caller's own second factors (two-factor sign-in, opt-in). The
 * folder's authentication hook (the parent's) applies; every call is about the caller only, so
 * nobody names another user. Answers are never cached: the set-up holds the key.
 */
const factors: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Listing and setting up a factor (an authenticator app, a passkey) are what a session that must
  // enrol first may do.
  const duringEnrolment = { config: { duringEnrolment: true } };

  app.get('/', duringEnrolment, async (request) => app.accounts.listFactors(request.user));

  app.post('/totp', duringEnrolment, async (request, reply) =>
    reply.code(201).send(await app.accounts.startTotpEnrolment(request.user)),
  );

  app.post('/totp/confirm', duringEnrolment, async (request) =>
    app.accounts.confirmTotpEnrolment(request.user, ZConfirmTotpSchema.parse(request.body)),
  );

  // A passkey: the options for the browser's WebAuthn ceremony, then its answer and the name.
  app.post('/passkey/options', duringEnrolment, async (request) =>
    app.accounts.startPasskeyRegistration(request.user),
  );

  app.post('/passkey', duringEnrolment, async (request, reply) =>
    reply
      .code(201)
      .send(await app.accounts.registerPasskey(request.user, ZRegisterPasskeySchema.parse(request.body))),
  );

  app.post('/:id/remove', async (request, reply) => {
    const { id } = ZFactorParams.parse(request.params);
    await app.accounts.removeFactor(request.user, id, ZRemoveFactorSchema.parse(request.body));
    return reply.code(204).send();
  });
};
export default factors;
