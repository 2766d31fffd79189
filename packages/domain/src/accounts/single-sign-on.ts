import { PRODUCT_NAME } from '../constants/messages.ts';

/**
 * Single sign-on for provider staff with OpenID Connect (docs/decisions/accounts-and-sessions.md,
 * "Single sign-on"): the provider's identity provider signs in provider admins, QAMs and
 * surveyors; practice users keep their passwords.
 */

/** Where the sign-in screen's "Sign in with …" sends the browser (a full page navigation). */
export const SSO_START_PATH = '/api/auth/oidc/start';
/** The redirect URI registered with the identity provider, under the app's origin. */
export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The app's second step after an SSO sign-in that still needs our factor: the challenge, once. */
export const SSO_CHALLENGE_PATH = '/api/auth/oidc/challenge';
/** How long the identity provider has to send the browser back (10 minutes). */
export const SSO_REQUEST_SECONDS = 10 * 60;

/** The roles an identity provider's claim can give: provider staff only. */
export const SSO_ROLES = ['provider_admin', 'qam', 'surveyor'] as const;
export type TSsoRole = (typeof SSO_ROLES)[number];

/** What the sign-in screen reads after the identity provider sent the browser back. */
export const SSO_OUTCOME_PARAM = 'sso';
export const SSO_ERROR_PARAM = 'sso_error';
export const SSO_SIGNED_IN = 'signed-in';
export const SSO_SECOND_FACTOR = 'second-factor';

/** Why an SSO sign-in was refused, in the user's words (the Login screen shows the message). */
export const SSO_ERROR_MESSAGES = {
  sso_failed: 'Single sign-on did not complete. Please try again.',
  sso_not_staff: `Single sign-on is for provider staff. Sign in to ${PRODUCT_NAME} with your e-mail address and password.`,
  sso_email_unverified:
    'Your organisation has not verified your e-mail address, so it cannot be linked to an account. Ask your administrator.',
  sso_no_account: `No ${PRODUCT_NAME} account of provider staff has your e-mail address. Ask a provider administrator to create one.`,
  sso_account_unavailable: 'This account cannot sign in. Ask a provider administrator.',
  sso_already_linked:
    'This account is already linked to another sign-in of your organisation. Ask a provider administrator.',
} as const;
export type TSsoError = keyof typeof SSO_ERROR_MESSAGES;

/** The message of an `sso_error` value, or null for anything else (a link may carry any text). */
export function ssoErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(SSO_ERROR_MESSAGES, code) ? SSO_ERROR_MESSAGES[code as TSsoError] : null;
}

/**
 * OIDC_ROLE_MAP: `value=role` pairs separated by commas (`portal-admins=provider_admin,
 * portal-qams=qam`). Values are the role claim's (a group name, an app role); roles are ours.
 * Returns the problems instead of the map when any pair is wrong.
 */
export function parseSsoRoleMap(
  text: string,
): { ok: true; map: ReadonlyMap<string, TSsoRole> } | { ok: false; problem: string } {
  const map = new Map<string, TSsoRole>();
  for (const pair of text.split(',')) {
    if (!pair.trim()) continue;
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at < 0 || !value) return { ok: false, problem: `"${pair.trim()}" is not value=role` };
    if (!(SSO_ROLES as readonly string[]).includes(role))
      return { ok: false, problem: `"${role}" is not one of ${SSO_ROLES.join(', ')}` };
    map.set(value, role as TSsoRole);
  }
  if (map.size === 0) return { ok: false, problem: 'names no role' };
  return { ok: true, map };
}

/**
 * The staff roles a role claim gives: a string, or a list of strings (groups); every value the map
 * names counts, anything else is ignored. An empty answer means the person is not provider staff.
 */
export function ssoRolesOf(claim: unknown, map: ReadonlyMap<string, TSsoRole>): TSsoRole[] {
  const values = typeof claim === 'string' ? [claim] : Array.isArray(claim) ? claim : [];
  const roles = new Set<TSsoRole>();
  for (const value of values) {
    const role = typeof value === 'string' ? map.get(value) : undefined;
    if (role) roles.add(role);
  }
  return SSO_ROLES.filter((role) => roles.has(role));
}

/**
 * Whether the identity provider says it used more than one factor: one of the ID token's `amr`
 * values (RFC 8176) is among those the provider trusts (OIDC_MFA_AMR, default `mfa`).
 */
export function ssoUsedMultipleFactors(amr: unknown, trusted: readonly string[]): boolean {
  return Array.isArray(amr) && amr.some((value) => typeof value === 'string' && trusted.includes(value));
}
