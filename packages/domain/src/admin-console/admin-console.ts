import { API_PREFIX } from '../routes/paths.ts';

/** The console's one endpoint: GraphQL POSTs run as Hasura's admin for a provider admin (issue 18). */
export const ADMIN_CONSOLE_GRAPHQL_PATH = `${API_PREFIX}/admin-console/graphql`;

/** What the console says to anyone else (the endpoint's 403 message and the page). */
export const ADMIN_CONSOLE_REFUSED_MESSAGE = 'You do not have access to the admin console.';

/** Archive, never delete: the console has no delete, and its endpoint refuses a delete_* mutation. */
export const ADMIN_CONSOLE_NO_DELETE_MESSAGE =
  'The admin console does not delete rows: set the row’s archived flag instead.';

/**
 * Limits of one console request. The engine sets none for its admin role (as Hasura), so the
 * endpoint applies the engine's own defaults for every other role (`DEFAULT_LIMITS` of
 * packages/engine) before it forwards: depth 12, 1000 fields, 100 aliases; one operation, no batch.
 */
export const ADMIN_CONSOLE_LIMITS = {
  maxDepth: 12,
  maxNodes: 1000,
  maxAliases: 100,
  /** Largest request body (query text and variables), bytes. */
  maxBodyBytes: 64 * 1024,
  /** Requests per minute and signed-in admin: a person editing by hand needs far fewer. */
  ratePerMinute: 300,
} as const;

/** Who the console is for, read from the database at each request (not from the token). */
export interface AdminConsoleUser {
  isActive: boolean;
  isAdmin: boolean;
}

/**
 * Whether a user may use the admin console now: an active provider admin (spec 000 §6, the
 * header's admin link). Asked by the endpoint with the user's row read at each request, so a
 * demoted or deactivated admin is refused at once, and by the web app to show the link.
 */
export function canUseAdminConsole(user: AdminConsoleUser | null | undefined): boolean {
  return !!user && user.isActive && user.isAdmin;
}
