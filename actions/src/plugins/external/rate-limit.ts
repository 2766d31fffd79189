import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

/**
 * Flood limits, applied per route folder with `app.rateLimit({ groupId, ... })` as a hook (not
 * globally). Counted in PostgreSQL, so a client gets the limit once however many replicas serve
 * it; a coarse safety net, not the sign-in lockout (per e-mail, in PostgreSQL too). When the
 * counter cannot be reached the request goes on: the database it needs is then down anyway.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      store: postgresRateLimitStore(app.pool),
      skipOnError: true,
      errorResponseBuilder: () => new AppError('rate_limited'),
    });
  },
  { name: 'rate-limit', dependencies: ['postgres'] },
);
