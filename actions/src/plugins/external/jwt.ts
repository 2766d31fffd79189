import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';

/**
 * Access tokens live 5 minutes unless ACCESS_TOKEN_SECONDS says otherwise: the engine (like
 * Hasura) checks them without asking whether the session ended, so this bounds what a token can
 * still do on GraphQL after sign-out.
 */
export const ACCESS_TOKEN_SECONDS = 300;

/** Access tokens: HS256 only, with the key of HASURA_GRAPHQL_JWT_SECRET (the engine verifies them too). */
export default fp(
  async (app) => {
    const { key, audience, issuer, accessTokenSeconds = ACCESS_TOKEN_SECONDS } = app.config.jwt;
    await app.register(jwt, {
      secret: key,
      sign: {
        algorithm: 'HS256',
        expiresIn: accessTokenSeconds,
        ...(audience ? { aud: audience } : {}),
        ...(issuer ? { iss: issuer } : {}),
      },
      verify: {
        algorithms: ['HS256'],
        ...(audience ? { allowedAud: audience } : {}),
        ...(issuer ? { allowedIss: issuer } : {}),
      },
    });
  },
  { name: 'jwt', dependencies: ['config'] },
);
