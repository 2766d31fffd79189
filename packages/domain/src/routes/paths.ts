/**
 * The paths of the one origin that more than one workspace names: the gateway routes by them,
 * the stack passes them to services and prints them, actions serves them, the browser tests
 * open them. GraphQL and health are Hasura's paths (the engine serves them as Hasura does).
 */

/** GraphQL over HTTP and WebSocket (Hasura's path; the gateway forwards it to the engine). */
export const GRAPHQL_PATH = '/v1/graphql';

/** Health as JSON: the gateway's (every service) and the engine's, like Hasura's. */
export const HEALTHZ_PATH = '/healthz';

/** The actions service's REST API, behind the gateway and on its own port alike. */
export const API_PREFIX = '/api';

/** The actions service's own health check. */
export const ACTIONS_HEALTH_PATH = `${API_PREFIX}/health`;

/** Sign-in, refresh, sign-out, registration and password reset. */
export const AUTH_API_PREFIX = `${API_PREFIX}/auth`;

/** The signed-in user's account (`/current`, avatar, password). */
export const USER_API_PREFIX = `${API_PREFIX}/user`;

/** The development pages (mailbox, payment stand-in), served only outside production with a key. */
export const DEV_PAGES_PREFIX = `${API_PREFIX}/dev`;

/** The dev mailbox: the e-mails the app sent, when there is no SMTP server. */
export const DEV_MAILBOX_PATH = `${DEV_PAGES_PREFIX}/mailbox`;

/** The development stand-in for a practice's payment page. */
export const DEV_PAYMENT_PATH = `${DEV_PAGES_PREFIX}/payment`;

/** The dev mailbox link that also hands over the dev pages key (as the start-up banner prints it). */
export function devMailboxPath(devPagesKey: string): string {
  return `${DEV_MAILBOX_PATH}?key=${encodeURIComponent(devPagesKey)}`;
}

/** The payment stand-in as a PAYMENT_URL_TEMPLATE path, with `{practiceId}`. */
export const DEV_PAYMENT_TEMPLATE_PATH = `${DEV_PAYMENT_PATH}/{practiceId}`;

/** The development stand-in for the webinar provider (authorize page, token, webinar list, revoke). */
export const DEV_WEBINARS_PATH = `${DEV_PAGES_PREFIX}/webinars`;

// The web app's own paths (pages and their builders) live in app-routes.ts.
