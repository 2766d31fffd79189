import { AUTH_HANDOFF_PATH, HANDOFF_CODE_SECONDS } from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { SESSION_SECONDS, sessionFamilyOf } from '../../services/accounts/sessions.ts';
import { csrfTokenBelongsTo, csrfTokenFor } from './csrf-token.ts';

export const REFRESH_COOKIE = 'portal_refresh';
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The refresh cookie only travels to the endpoints that use it. */
const REFRESH_PATH = '/api/auth';
/**
 * The browser's device id (`known-devices.ts`): httpOnly, Lax so that the identity provider's
 * redirect back (a cross-site navigation) carries it, only to /api/auth, for 400 days (the most
 * Chromium keeps a cookie).
 */
export const DEVICE_COOKIE = 'portal_device';
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;
/** Binds a session handoff code to the browser it was issued to (httpOnly, its own path). */
export const HANDOFF_COOKIE = 'portal_handoff';

/**
 * Whether cookies get `Secure`: the request came over https (as the trusted proxy says), or the
 * app's public address is https. Behind a TLS proxy in front of the gateway the gateway sees (and
 * tells actions) plain http, yet the browser is on https: the public address decides.
 */
export function secureCookies(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.appOrigin.startsWith('https:');
}

/**
 * Sets the refresh cookie (httpOnly, SameSite=Strict) and a fresh CSRF cookie readable by the
 * page (double submit: refresh and logout need it echoed in X-CSRF-Token), bound to the session
 * family (`csrf-token.ts`). Both last until the session ends, so rotation never extends them.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    refreshToken,
    expiresAt,
    familyId,
    deviceId,
  }: { refreshToken: string; expiresAt: Date; familyId: string; deviceId?: string },
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
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(familyId, request.server.config.jwt.key), {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge,
  });
  // A sign-in (not a refresh) names the browser's device: its cookie is set, or renewed.
  if (deviceId) {
    reply.setCookie(DEVICE_COOKIE, deviceId, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: REFRESH_PATH,
      maxAge: DEVICE_COOKIE_SECONDS,
    });
  }
}

/** The handoff's binder: only the handoff exchange reads it, for the code's minute. */
export function setHandoffCookie(request: FastifyRequest, reply: FastifyReply, binder: string) {
  reply.setCookie(HANDOFF_COOKIE, binder, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(request),
    path: AUTH_HANDOFF_PATH,
    maxAge: HANDOFF_CODE_SECONDS,
  });
}

export function clearHandoffCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(HANDOFF_COOKIE, {
    path: AUTH_HANDOFF_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(request),
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const secure = secureCookies(request);
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'strict', secure });
}

/**
 * The CSRF check of a call that uses the refresh cookie: the X-CSRF-Token header must equal the
 * CSRF cookie (double submit), and the token must have been issued for the session the refresh
 * cookie belongs to. An unknown refresh token has no session to check against; the call then
 * refuses it as it would anyway (nothing of a session can change).
 */
export async function requireCsrf(request: FastifyRequest, refreshToken: string): Promise<void> {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new AppError('csrf_invalid');
  const familyId = await sessionFamilyOf(request.server.db, refreshToken);
  if (familyId && !csrfTokenBelongsTo(cookie, familyId, request.server.config.jwt.key)) {
    throw new AppError('csrf_invalid');
  }
}

/** Where the request comes from, for the session row. */
export function clientInfo(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceId: request.cookies[DEVICE_COOKIE],
  };
}
