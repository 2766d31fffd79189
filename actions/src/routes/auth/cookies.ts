import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { randomToken, safeEqual } from '../../lib/tokens.ts';
import { SESSION_SECONDS } from '../../services/accounts/sessions.ts';

export const REFRESH_COOKIE = 'portal_refresh';
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The refresh cookie only travels to the endpoints that use it. */
const REFRESH_PATH = '/api/auth';

/**
 * Whether cookies get `Secure`: the request came over https (as the trusted proxy says), or the
 * app's public address is https. Behind a TLS proxy in front of the gateway the gateway sees (and
 * tells actions) plain http, yet the browser is on https: the public address decides (issue 28).
 */
export function secureCookies(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.appOrigin.startsWith('https:');
}

/**
 * Sets the refresh cookie (httpOnly, SameSite=Strict) and a fresh CSRF cookie readable by the
 * page (double submit: refresh and logout need it echoed in X-CSRF-Token). Both last until
 * the session ends, so rotation never extends them.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
  expiresAt: Date,
) {
  // Rounded: the database clock set the end, a few milliseconds before this line runs.
  const maxAge = Math.min(
    SESSION_SECONDS,
    Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  );
  const secure = secureCookies(request);
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_PATH,
    maxAge,
  });
  reply.setCookie(CSRF_COOKIE, randomToken(), {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const secure = secureCookies(request);
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'strict', secure });
}

/** The double-submit check: the X-CSRF-Token header must equal the CSRF cookie. */
export function requireCsrf(request: FastifyRequest) {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new AppError('csrf_invalid');
}

/** Where the request comes from, for the session row. */
export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
