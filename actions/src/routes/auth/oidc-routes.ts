import {
  loginPath,
  SIGN_IN_CHALLENGE_SECONDS,
  SSO_CALLBACK_PATH,
  SSO_CHALLENGE_PATH,
  SSO_ERROR_PARAM,
  SSO_OUTCOME_PARAM,
  SSO_REQUEST_SECONDS,
  SSO_SECOND_FACTOR,
  SSO_SIGNED_IN,
  SSO_START_PATH,
  type TSsoError,
} from '@portal/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { finishSsoSignIn } from '../../services/single-sign-on/finish-sso-sign-in.ts';
import { startSsoRequest } from '../../services/single-sign-on/sso-requests.ts';
import { clientInfo, secureCookies, setSessionCookies } from './cookies.ts';

/** Binds a single sign-on request to the browser that started it (httpOnly; Lax: it must come back with the identity provider's redirect). */
export const SSO_BINDER_COOKIE = 'portal_sso';
/** The challenge of our second factor after an SSO sign-in, for the app to read once. */
export const SSO_CHALLENGE_COOKIE = 'portal_sso_challenge';
/** Both cookies only travel to the single sign-on routes. */
const SSO_COOKIE_PATH = '/api/auth/oidc';

const relative = (path: string) => path.replace(/^\/api\/auth/, '');

function setSsoCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAge: number,
) {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    path: SSO_COOKIE_PATH,
    maxAge,
  });
}

function clearSsoCookie(request: FastifyRequest, reply: FastifyReply, name: string) {
  reply.clearCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    path: SSO_COOKIE_PATH,
  });
}

/** A navigation of the single sign-on: never cached, and the code in its URL never sent on as a Referer. */
function navigate(reply: FastifyReply, to: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(to, 303);
}

const toLogin = (param: string, value: string) => `${loginPath()}?${new URLSearchParams({ [param]: value })}`;

/**
 * Single sign-on for provider staff (OpenID Connect): GET /api/auth/oidc/start sends the browser
 * to the identity provider; GET /api/auth/oidc/callback takes it back, signs in, and sends the
 * browser to Login, which goes on to the landing screen, to the second step, or shows why it was
 * refused. All three answer 404 when single sign-on is off.
 */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  const sso = () => {
    if (!app.sso) throw new AppError('not_found');
    return app.sso;
  };

  app.get(relative(SSO_START_PATH), async (request, reply) => {
    const { oidc, discover } = sso();
    let started: Awaited<ReturnType<typeof startSsoRequest>>;
    try {
      started = await startSsoRequest(app.db, await discover(), {
        redirectUri: oidc.redirectUri,
        scopes: oidc.scopes,
      });
    } catch (error) {
      request.log.error({ err: error }, 'the identity provider could not be reached');
      return navigate(reply, toLogin(SSO_ERROR_PARAM, 'sso_failed' satisfies TSsoError));
    }
    setSsoCookie(request, reply, SSO_BINDER_COOKIE, started.binder, SSO_REQUEST_SECONDS);
    return navigate(reply, started.authorizationUrl);
  });

  app.get(relative(SSO_CALLBACK_PATH), async (request, reply) => {
    const config = sso();
    const binder = request.cookies[SSO_BINDER_COOKIE] ?? '';
    clearSsoCookie(request, reply, SSO_BINDER_COOKIE);
    // The URL the identity provider sent the browser to: the registered redirect URI with this query.
    const callbackUrl = new URL(config.oidc.redirectUri);
    callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
    const outcome = await finishSsoSignIn(app, config, callbackUrl, binder, clientInfo(request));
    if (outcome.kind === 'refused') return navigate(reply, toLogin(SSO_ERROR_PARAM, outcome.error));
    if (outcome.kind === 'secondFactor') {
      const value = Buffer.from(JSON.stringify(outcome.challenge)).toString('base64url');
      setSsoCookie(request, reply, SSO_CHALLENGE_COOKIE, value, SIGN_IN_CHALLENGE_SECONDS);
      return navigate(reply, toLogin(SSO_OUTCOME_PARAM, SSO_SECOND_FACTOR));
    }
    setSessionCookies(request, reply, outcome.signedIn);
    return navigate(reply, toLogin(SSO_OUTCOME_PARAM, SSO_SIGNED_IN));
  });

  // The app's read of the second step's challenge (kept from the page's script by httpOnly): once.
  app.post(relative(SSO_CHALLENGE_PATH), async (request, reply) => {
    sso();
    const value = request.cookies[SSO_CHALLENGE_COOKIE];
    clearSsoCookie(request, reply, SSO_CHALLENGE_COOKIE);
    let challenge: unknown;
    try {
      challenge = value ? JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) : null;
    } catch {
      challenge = null;
    }
    if (!challenge || typeof challenge !== 'object') throw new AppError('challenge_invalid');
    return reply.header('cache-control', 'no-store').send(challenge);
  });
};
