import type { FastifyInstance } from 'fastify';

/** What the account operations use of the app (its typed decorators). */
export type AccountsDeps = Pick<
  FastifyInstance,
  'db' | 'config' | 'signAccessToken' | 'storage' | 'outbox' | 'log'
>;
