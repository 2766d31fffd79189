import { AUTH_API_PREFIX } from '../routes/paths.ts';

/**
 * The back end hands the browser's session to the app (spec 000 §2 `/redirect-from-backend`):
 * a back-end page links to `GET /api/auth/handoff?url=<app path>`, which (for a browser with a
 * live session) issues a one-time code bound to that browser and redirects to
 * `/redirect-from-backend?code=…&url=…`; the app exchanges the code server-side
 * (`POST /api/auth/handoff/exchange`). No token ever travels in a URL, and a code works only in
 * the browser it was issued to, once, for a minute: a link made with someone else's code signs
 * nobody in (login CSRF).
 */

/** The back end's link into the app: `?url=` an app path. */
export const AUTH_HANDOFF_PATH = `${AUTH_API_PREFIX}/handoff`;
/** Where the app exchanges the code for the session's access token. */
export const AUTH_HANDOFF_EXCHANGE_PATH = `${AUTH_HANDOFF_PATH}/exchange`;
/** A code lives this long (it is used at once, by the page it redirects to). */
export const HANDOFF_CODE_SECONDS = 60;

/**
 * Only our own paths: no other origins (`//host`, `/\host`, `https:`), no control characters,
 * and never the login pages.
 */
export function isSafeReturnRoute(route: string): boolean {
  return (
    route.startsWith('/') &&
    !route.startsWith('//') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a route holds no control character.
    !/[\\\u0000-\u001f\u007f]/.test(route) &&
    !/^\/login(\/|$|\?)/i.test(route)
  );
}
