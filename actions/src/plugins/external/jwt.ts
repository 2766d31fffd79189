import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';

/** Access tokens: HS256 only, with the key of HASURA_GRAPHQL_JWT_SECRET (the engine verifies them too). */
export default fp(
  async (app) => {
    const { key, audience, issuer } = app.config.jwt;
    await app.register(jwt, {
      secret: key,
      sign: {
        algorithm: 'HS256',
        expiresIn: '15m',
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
