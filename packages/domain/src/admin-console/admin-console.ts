import { API_PREFIX } from '../routes/paths.ts';

/** The console's one endpoint: GraphQL POSTs of a provider admin, run as ADMIN_CONSOLE_ROLE. */
export const ADMIN_CONSOLE_GRAPHQL_PATH = `${API_PREFIX}/admin-console/graphql`;

/**
 * The Hasura role the console runs as (hasura/metadata/inherited_roles.yaml): the
 * provider admin's own permissions plus the console's few grants (role `console_grants`), never
 * Hasura's admin. The audit log records it as the changing role; the portal's SQL rules count it
 * as a provider admin (`public.portal_role`), and so does `backOfficeRoleOf`.
 */
export const ADMIN_CONSOLE_ROLE = 'provider_admin_console';

/** What the console says to anyone else (the endpoint's 403 message and the page). */
export const ADMIN_CONSOLE_REFUSED_MESSAGE = 'You do not have access to the admin console.';

/** Archive, never delete: the console has no delete, and its endpoint refuses a delete_* mutation. */
export const ADMIN_CONSOLE_NO_DELETE_MESSAGE =
  'The admin console does not delete rows: set the row’s archived flag instead.';

/**
 * Limits of one console request, checked by the endpoint before it forwards (the engine applies
 * its own limits for the console's role too; these were set when the console ran as Hasura's
 * admin, which has none): depth 12, 1000 fields, 100 aliases; one operation, no batch.
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

/**
 * What the console never reads or writes: secrets (password and token hashes, sealed webinar
 * tokens, the e-mail outbox's bodies, which hold reset and invitation links) and the superadmin
 * flag (no unaudited way up). Their tables of sessions and one-time tokens are out of the console
 * as a whole. The console's role has none of them in its schema (the permission
 * level, which also covers enum arguments such as `update_columns` or `distinct_on`); the
 * endpoint still refuses any request that names one (a field, an argument's key, a variable's
 * key) with this clear sentence first, and the console's data browser leaves them out.
 */
export const ADMIN_CONSOLE_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password_hash',
  'refresh_token_hash',
  'token_hash',
  'access_token_enc',
  'refresh_token_enc',
  'email_hash',
  'text_body',
  'html_body',
  'is_superadmin',
  'totp_secret',
  'passkey_public_key',
  'code_hash',
  'code_verifier',
  'device_hash',
]);

export const ADMIN_CONSOLE_HIDDEN_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'password_resets',
  'pending_registrations',
  'login_attempts',
  'webinar_connections',
  'user_factors',
  'user_recovery_codes',
  'sign_in_challenges',
  'webauthn_challenges',
  'sso_sign_in_requests',
  'user_devices',
]);

export const ADMIN_CONSOLE_SECRET_MESSAGE =
  'The admin console does not read or change passwords, tokens, e-mail bodies or the superadmin flag.';

/** Whether a GraphQL field name is one of a hidden table's root fields or relationships. */
export function isAdminConsoleHiddenField(name: string): boolean {
  const table = name.replace(/^(insert_|update_|delete_)/, '').replace(/(_by_pk|_aggregate|_one|_many)$/, '');
  return ADMIN_CONSOLE_HIDDEN_TABLES.has(table) || ADMIN_CONSOLE_SECRET_FIELDS.has(name);
}

/** At most this many `__schema` / `__type` selections in one request, each at most this deep. */
export const ADMIN_CONSOLE_INTROSPECTION = { maxSelections: 3, maxDepth: 16 } as const;
