import { parseSsoRoleMap, SSO_CALLBACK_PATH, type TSsoRole, ZBooleanFlagSchema } from '@portal/domain';
import { z } from 'zod';

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const text = (fallback: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().default(fallback));

/** The actions service's OIDC_* variables (part of its environment schema). */
export const OIDC_ENV = {
  /**
   * Single sign-on for provider staff (OpenID Connect, authorization code flow with PKCE). Unset:
   * off. With OIDC_ISSUER, the client id and secret and the role map are required.
   */
  OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** The ID token claim that names the person's groups or roles (a string or a list). */
  OIDC_ROLE_CLAIM: text('groups'),
  /** value=role pairs, comma-separated; roles: provider_admin, qam, surveyor. */
  OIDC_ROLE_MAP: optionalText,
  /** Create an account for a verified staff member the identity provider names and we do not know. */
  OIDC_CREATE_USERS: z.preprocess((v) => (v === '' ? undefined : v), ZBooleanFlagSchema.default(false)),
  /** The words after "Sign in with" on the sign-in screen. */
  OIDC_BUTTON_LABEL: text('single sign-on').pipe(z.string().max(60, 'must be at most 60 characters')),
  /** The scopes asked for; openid is always one of them. */
  OIDC_SCOPES: text('openid email profile'),
  /** `amr` values that mean the identity provider used more than one factor (comma-separated). */
  OIDC_MFA_AMR: text('mfa'),
  /** The redirect URI registered with the identity provider; default <APP_ORIGIN>/api/auth/oidc/callback. */
  OIDC_REDIRECT_URI: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
};
type TOidcEnv = z.output<z.ZodObject<typeof OIDC_ENV>>;

/** Single sign-on (OIDC_*), or null when OIDC_ISSUER is unset. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  roleClaim: string;
  roleMap: ReadonlyMap<string, TSsoRole>;
  createUsers: boolean;
  buttonLabel: string;
  scopes: string;
  /** `amr` values that count as the identity provider's multi-factor sign-in. */
  mfaAmr: string[];
  redirectUri: string;
}

/** What is wrong with OIDC_*: with OIDC_ISSUER, the client, its secret and a valid role map are required. */
export function oidcProblems(e: TOidcEnv): string[] {
  if (!e.OIDC_ISSUER) return [];
  const problems: string[] = [];
  for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_MAP'] as const) {
    if (!e[name]) problems.push(`${name}: is required with OIDC_ISSUER`);
  }
  const roleMap = e.OIDC_ROLE_MAP ? parseSsoRoleMap(e.OIDC_ROLE_MAP) : null;
  if (roleMap && !roleMap.ok) problems.push(`OIDC_ROLE_MAP: ${roleMap.problem}`);
  const { protocol, hostname } = new URL(e.OIDC_ISSUER);
  if (protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname))
    problems.push('OIDC_ISSUER: must be https (plain http only on this machine: localhost, 127.0.0.1)');
  return problems;
}

/** OIDC_* when OIDC_ISSUER is set (checked complete by loadConfig), else null. */
export function oidcConfig(e: TOidcEnv, appOrigin: string): OidcConfig | null {
  if (!e.OIDC_ISSUER) return null;
  const roleMap = parseSsoRoleMap(e.OIDC_ROLE_MAP ?? '');
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID ?? '',
    clientSecret: e.OIDC_CLIENT_SECRET ?? '',
    roleClaim: e.OIDC_ROLE_CLAIM,
    roleMap: roleMap.ok ? roleMap.map : new Map(),
    createUsers: e.OIDC_CREATE_USERS,
    buttonLabel: e.OIDC_BUTTON_LABEL,
    scopes: e.OIDC_SCOPES.split(/\s+/).includes('openid') ? e.OIDC_SCOPES : `openid ${e.OIDC_SCOPES}`,
    mfaAmr: e.OIDC_MFA_AMR.split(',')
      .map((value) => value.trim())
      .filter(Boolean),
    redirectUri: e.OIDC_REDIRECT_URI ?? `${appOrigin}${SSO_CALLBACK_PATH}`,
  };
}
