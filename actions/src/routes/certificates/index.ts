import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { verifyCertificate } from '../../services/certificates/verify-certificate.ts';

const ZVerifyParams = z.object({ code: z.string() });

/**
 * /api/certificates/*: the public side of certificates. No sign-in: a funding body checks a
 * certificate it was shown. Rate-limited per client address (VERIFY_RATE_LIMIT_PER_MINUTE), so
 * codes cannot be tried in bulk on top of their 60 random bits.
 *
 * GET /api/certificates/verify/:code: the certificate's printed details and its state today;
 * 400 for a code that cannot be one, 404 'No certificate matches this code'.
 */
const certificates: FastifyPluginAsync = async (app) => {
  app.addHook(
    'onRequest',
    app.rateLimit({
      groupId: 'certificate-verify',
      max: app.config.verifyRateLimitPerMinute,
      timeWindow: 60_000,
    }),
  );

  app.get('/verify/:code', async (request, reply) => {
    const { code } = ZVerifyParams.parse(request.params);
    reply.header('cache-control', 'no-store');
    return verifyCertificate(app, code);
  });
};
export default certificates;
