import fp from 'fastify-plugin';
import type * as client from 'openid-client';
import type { OidcConfig } from '../../config/load-config.ts';
import { oidcClient } from '../../services/single-sign-on/oidc-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Single sign-on for provider staff (OIDC_*), or null when it is off. */
    sso: { oidc: OidcConfig; discover: () => Promise<client.Configuration> } | null;
  }
}

/** `app.sso`: the configuration and the identity provider, discovered at the first sign-in. */
export default fp(
  async (app) => {
    const { oidc } = app.config;
    app.decorate('sso', oidc ? { oidc, discover: oidcClient(oidc) } : null);
  },
  { name: 'single-sign-on', dependencies: ['config'] },
);
