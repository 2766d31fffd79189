import { ZLoginRequestSchema, ZPasskeySignInOptionsSchema, ZSignInVerifySchema } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { SignedIn } from '../../services/accounts/sign-in.ts';
import { clientInfo, setSessionCookies } from './cookies.ts';

/** What the browser gets of a session: the access token and the user (the refresh token is a cookie). */
export const publicSession = ({ accessToken, accessTokenExpiresAt, user }: SignedIn) => ({
  accessToken,
  accessTokenExpiresAt,
  user,
});

/** POST /api/auth/login and, for an account with a second factor, its second step. */
export const signInRoutes: FastifyPluginAsync = async (app) => {
  app.post('/login', async (request, reply) => {
    const signedIn = await app.accounts.signIn(ZLoginRequestSchema.parse(request.body), clientInfo(request));
    // With a second factor: a challenge for /login/verify, no session and no cookie yet.
    if ('secondFactorRequired' in signedIn) return reply.header('cache-control', 'no-store').send(signedIn);
    setSessionCookies(request, reply, signedIn);
    return publicSession(signedIn);
  });

  // The second step with a passkey: the WebAuthn options, for the first step's challenge only.
  app.post('/login/passkey', async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await app.accounts.passkeySignInOptions(ZPasskeySignInOptionsSchema.parse(request.body))),
  );

  // The second step of a sign-in with a factor: the challenge and a code (or a passkey's
  // signature) open the session.
  app.post('/login/verify', async (request, reply) => {
    const signedIn = await app.accounts.verifySignIn(
      ZSignInVerifySchema.parse(request.body),
      clientInfo(request),
    );
    setSessionCookies(request, reply, signedIn);
    return publicSession(signedIn);
  });
};
