import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  REGISTRATION_REQUESTED_MESSAGE,
  ZChangePasswordRequestSchema,
  ZLoginRequestSchema,
  ZPasswordResetConfirmSchema,
  ZPasswordResetRequestSchema,
  ZRegisterConfirmSchema,
  ZRegisterRequestSchema,
} from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import type { SignedIn } from '../../services/accounts/sign-in.ts';
import {
  clearSessionCookies,
  clientInfo,
  REFRESH_COOKIE,
  requireCsrf,
  setSessionCookies,
} from './cookies.ts';

const publicSession = ({ accessToken, accessTokenExpiresAt, user }: SignedIn) => ({
  accessToken,
  accessTokenExpiresAt,
  user,
});

/** /api/auth/*: sign-in, session refresh and sign-out, registration, password reset and change. */
const auth: FastifyPluginAsync = async (app) => {
  // One hook for the folder: a generous per-address limit on every /api/auth/* call.
  app.addHook('onRequest', app.rateLimit({ max: app.config.authRateLimitPerMinute, timeWindow: 60_000 }));

  app.post('/login', async (request, reply) => {
    const signedIn = await app.accounts.signIn(ZLoginRequestSchema.parse(request.body), clientInfo(request));
    setSessionCookies(request, reply, signedIn.refreshToken, signedIn.expiresAt);
    return publicSession(signedIn);
  });

  // Without an invitation: the same 202 whether or not the address has an account (the next
  // step is in the inbox). With one: the token proves the address, so the account is created
  // and signed in at once.
  app.post('/register', async (request, reply) => {
    const input = ZRegisterRequestSchema.parse(request.body);
    if (!input.invitationToken) {
      await app.accounts.requestRegistration(input);
      return reply.code(202).send({ message: REGISTRATION_REQUESTED_MESSAGE });
    }
    const signedIn = await app.accounts.registerUser(
      { ...input, invitationToken: input.invitationToken },
      clientInfo(request),
    );
    setSessionCookies(request, reply, signedIn.refreshToken, signedIn.expiresAt);
    return reply.code(201).send(publicSession(signedIn));
  });

  // The link of the confirmation e-mail: creates the account and signs it in.
  app.post('/register/confirm', async (request, reply) => {
    const signedIn = await app.accounts.confirmRegistration(
      ZRegisterConfirmSchema.parse(request.body),
      clientInfo(request),
    );
    setSessionCookies(request, reply, signedIn.refreshToken, signedIn.expiresAt);
    return reply.code(201).send(publicSession(signedIn));
  });

  app.post('/refresh', async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    if (!refreshToken) throw new AppError('token_not_valid');
    requireCsrf(request);
    try {
      const refreshed = await app.accounts.refreshSession(refreshToken, clientInfo(request));
      setSessionCookies(request, reply, refreshed.refreshToken, refreshed.expiresAt);
      return { accessToken: refreshed.accessToken, accessTokenExpiresAt: refreshed.accessTokenExpiresAt };
    } catch (error) {
      // A refused refresh token is useless to the browser: drop it.
      if (error instanceof AppError && error.code === 'token_not_valid') clearSessionCookies(request, reply);
      throw error;
    }
  });

  app.post('/logout', async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    if (refreshToken) {
      requireCsrf(request);
      await app.accounts.signOut(refreshToken);
    }
    clearSessionCookies(request, reply);
    return reply.code(204).send();
  });

  app.post('/reset', async (request, reply) => {
    await app.accounts.requestPasswordReset(ZPasswordResetRequestSchema.parse(request.body));
    return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
  });

  app.post('/reset/confirm', async (request, reply) => {
    await app.accounts.confirmPasswordReset(ZPasswordResetConfirmSchema.parse(request.body));
    return reply.code(204).send();
  });

  // Signed-in calls of this folder: one authentication hook for the sub-folder.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);
    signedIn.post('/change-password', async (request, reply) => {
      await app.accounts.changePassword(request.user, ZChangePasswordRequestSchema.parse(request.body));
      return reply.code(204).send();
    });
  });
};
export default auth;
