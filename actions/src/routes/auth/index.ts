import {
  BACKEND_HANDOFF_ROUTE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PRACTICE_LIST_PATH,
  REGISTRATION_REQUESTED_MESSAGE,
  ZChangePasswordRequestSchema,
  ZHandoffExchangeSchema,
  ZHandoffStartSchema,
  ZPasswordResetConfirmSchema,
  ZPasswordResetRequestSchema,
  ZRegisterConfirmSchema,
  ZRegisterRequestSchema,
} from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import {
  clearHandoffCookie,
  clearSessionCookies,
  clientInfo,
  HANDOFF_COOKIE,
  REFRESH_COOKIE,
  requireCsrf,
  setHandoffCookie,
  setSessionCookies,
} from './cookies.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { publicSession, signInRoutes } from './sign-in-routes.ts';

/** /api/auth/*: sign-in, session refresh and sign-out, registration, password reset and change. */
const auth: FastifyPluginAsync = async (app) => {
  // One hook for the folder: a generous per-address limit on every /api/auth/* call.
  app.addHook(
    'onRequest',
    app.rateLimit({ groupId: 'auth', max: app.config.authRateLimitPerMinute, timeWindow: 60_000 }),
  );

  await app.register(signInRoutes);
  await app.register(oidcRoutes);

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
    setSessionCookies(request, reply, signedIn);
    return reply.code(201).send(publicSession(signedIn));
  });

  // The link of the confirmation e-mail: creates the account and signs it in.
  app.post('/register/confirm', async (request, reply) => {
    const signedIn = await app.accounts.confirmRegistration(
      ZRegisterConfirmSchema.parse(request.body),
      clientInfo(request),
    );
    setSessionCookies(request, reply, signedIn);
    return reply.code(201).send(publicSession(signedIn));
  });

  app.post('/refresh', async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    if (!refreshToken) throw new AppError('token_not_valid');
    await requireCsrf(request, refreshToken);
    try {
      const refreshed = await app.accounts.refreshSession(refreshToken, clientInfo(request));
      setSessionCookies(request, reply, refreshed);
      // The signed-in user too, as /api/user/current answers it: the app restoring a session on
      // load needs no second round trip before the screen's own requests.
      return publicSession({ ...refreshed, user: await app.accounts.getCurrentUser(refreshed.signedIn) });
    } catch (error) {
      // A refused refresh token is useless to the browser: drop it.
      if (error instanceof AppError && error.code === 'token_not_valid') clearSessionCookies(request, reply);
      throw error;
    }
  });

  app.post('/logout', async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    if (refreshToken) {
      await requireCsrf(request, refreshToken);
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

  // The back end's link into the app (spec 000 §2 /redirect-from-backend): a one-time code for
  // this browser's own session, bound to it by an httpOnly cookie, never a token in the URL. A
  // browser without a live session is sent on without a code (the app then asks it to sign in).
  app.get('/handoff', async (request, reply) => {
    // The practice list when the back end names no page.
    const { url = PRACTICE_LIST_PATH } = ZHandoffStartSchema.parse(request.query);
    const refreshToken = request.cookies[REFRESH_COOKIE];
    const handoff = refreshToken ? await app.accounts.startSessionHandoff(refreshToken) : null;
    const query = new URLSearchParams(handoff ? { code: handoff.code, url } : { url });
    if (handoff) setHandoffCookie(request, reply, handoff.binder);
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`${BACKEND_HANDOFF_ROUTE}?${query}`, 303);
  });

  // The app's exchange of a handoff code (with this browser's binder cookie) for the session: its
  // access token in the answer, its refresh token in the cookie.
  app.post('/handoff/exchange', async (request, reply) => {
    const { code } = ZHandoffExchangeSchema.parse(request.body);
    const binder = request.cookies[HANDOFF_COOKIE] ?? '';
    clearHandoffCookie(request, reply);
    const handed = await app.accounts.exchangeSessionHandoff({
      code,
      binder,
      refreshToken: request.cookies[REFRESH_COOKIE],
      client: clientInfo(request),
    });
    // The session's refresh and CSRF cookies, as a sign-in sets them (spec 000 §2 "stores the tokens").
    setSessionCookies(request, reply, handed);
    return reply.header('cache-control', 'no-store').send(publicSession(handed));
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
