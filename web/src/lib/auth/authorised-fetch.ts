import { PortalError } from '../errors.ts';
import type { Session } from './session.ts';

/** Calls that are never retried after a 401: their 401 is an answer, not an expired token. */
const NO_RETRY = ['/auth/login', '/auth/refresh'];

/**
 * Whether a request may carry the bearer token: only requests to our own API and GraphQL
 * origins. Presigned file-storage URLs (another host) never get it (spec 002 §7).
 */
export function sendsToken(url: string, trustedOrigins: readonly string[]): boolean {
  const origin = new URL(url, globalThis.location?.href ?? 'http://localhost/').origin;
  return trustedOrigins.includes(origin);
}

/**
 * fetch with the bearer token; a 401 on anything but login or refresh triggers one refresh and
 * one retry; when the refresh is refused the session expires (→ Login, remembering the route).
 */
export function createAuthorisedFetch(session: Session, trustedOrigins: readonly string[]) {
  const attempt = async (url: string, init: RequestInit, token: string | null) => {
    const headers = new Headers(init.headers);
    if (token && sendsToken(url, trustedOrigins)) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetch(url, { credentials: 'include', ...init, headers });
    } catch (error) {
      throw PortalError.network(error);
    }
  };

  return async function authorisedFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await attempt(url, init, session.token());
    if (response.status !== 401 || NO_RETRY.some((path) => new URL(url, 'http://x').pathname.endsWith(path)))
      return response;
    const token = await session.refresh();
    const final = token ? await attempt(url, init, token) : response;
    if (final.status === 401) session.expire();
    return final;
  };
}
