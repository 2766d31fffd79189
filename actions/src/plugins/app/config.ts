import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/load-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration validated at start. */
    config: AppConfig;
  }
}

/** Makes the validated configuration available as `app.config`. */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
