/** The readable double-submit cookie set by sign-in and refresh. */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The CSRF cookie's value, or null when there is none (never signed in on this browser). */
export function readCsrfToken(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}
