import { isSafeReturnRoute } from '@portal/domain';

/** Only our own paths, never the login pages (one rule with the back end's handoff, in domain). */
export { isSafeReturnRoute };

/** Where the user wanted to go before being sent to Login; kept for the tab's lifetime. */
const KEY = 'portal.returnTo';

export function rememberRoute(route: string): void {
  if (isSafeReturnRoute(route)) sessionStorage.setItem(KEY, route);
}

/** The remembered route, forgotten as it is read. */
export function takeRememberedRoute(): string | null {
  const route = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return route && isSafeReturnRoute(route) ? route : null;
}

export function forgetRememberedRoute(): void {
  sessionStorage.removeItem(KEY);
}
