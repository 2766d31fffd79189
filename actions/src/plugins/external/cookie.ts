import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookie parsing and setting (the refresh and CSRF cookies). */
export default fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'cookie' },
);
