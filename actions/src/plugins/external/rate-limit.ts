import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';

/**
 * Per-address rate limiting, applied per route folder with `app.rateLimit(...)` as a hook
 * (not globally). Counters live in each replica's memory: a coarse safety net against floods,
 * not the sign-in lockout (that is per e-mail, in PostgreSQL).
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError('rate_limited'),
    });
  },
  { name: 'rate-limit' },
);
