import { timingSafeEqual } from 'node:crypto';
import { HasuraError } from '../errors.ts';
import type { Session } from '../exec/executor.ts';
import { type JwtConfig, JwtVerifier } from './jwt.ts';
import { aesonMismatch, aesonType } from './jwt-reasons.ts';

/** How requests are authenticated (Hasura env: admin secret, JWT secret, unauthorized role). */
export interface AuthConfig {
  adminSecret?: string;
  jwt?: JwtConfig;
  unauthorizedRole?: string;
}

/** Request headers, lower-cased names. */
export type Headers = Record<string, string | undefined>;

/** Lower-cased `x-hasura-*` headers, which become session variables. */
export function headerVars(headers: Headers): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const key = k.toLowerCase();
    if (
      key.startsWith('x-hasura-') &&
      v !== undefined &&
      key !== 'x-hasura-admin-secret' &&
      key !== 'x-hasura-access-key'
    )
      vars[key] = v;
  }
  return vars;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Resolves the session of a request (HASURA-DIALECT §5.1), or throws Hasura's auth error. */
export class Authenticator {
  private readonly jwt?: JwtVerifier;

  constructor(readonly config: AuthConfig) {
    // A request without credentials would have the admin's access to all data (review F5).
    if (config.unauthorizedRole === 'admin')
      throw new Error(
        "HASURA_GRAPHQL_UNAUTHORIZED_ROLE must not be 'admin': a request without credentials would get the admin's access. Choose a role with its own permissions (e.g. anonymous)",
      );
    if (config.jwt) this.jwt = new JwtVerifier(config.jwt);
  }

  async session(raw: Headers): Promise<Session> {
    const headers: Headers = {};
    for (const [k, v] of Object.entries(raw)) headers[k.toLowerCase()] = v;
    const { adminSecret, unauthorizedRole } = this.config;
    const secret = headers['x-hasura-admin-secret'] ?? headers['x-hasura-access-key'];
    const fromHeaders = (role: string, adminAuth: boolean): Session => {
      const vars = headerVars(headers);
      vars['x-hasura-role'] = role;
      return {
        role,
        vars,
        adminAuth,
        backendOnly: adminAuth && headers['x-hasura-use-backend-only-permissions'] === 'true',
        // Only a caller holding the admin secret may say who the user is by a header.
        ...(adminAuth && vars['x-hasura-user-id'] !== undefined ? { user: vars['x-hasura-user-id'] } : {}),
      };
    };
    if (!adminSecret && !this.jwt) return fromHeaders(headers['x-hasura-role'] ?? 'admin', true);
    if (secret !== undefined && adminSecret) {
      if (!same(secret, adminSecret))
        throw new HasuraError('access-denied', 'invalid x-hasura-admin-secret/x-hasura-access-key');
      return fromHeaders(headers['x-hasura-role'] ?? 'admin', true);
    }
    if (this.jwt) {
      const token = this.jwt.token(headers);
      if (token === undefined) {
        if (unauthorizedRole) return fromHeaders(unauthorizedRole, false);
        throw new HasuraError(
          'invalid-headers',
          "Missing 'Authorization' or 'Cookie' header in JWT authentication mode",
        );
      }
      return this.fromToken(token, headers['x-hasura-role']);
    }
    if (unauthorizedRole) return fromHeaders(unauthorizedRole, false);
    throw new HasuraError(
      'access-denied',
      'x-hasura-admin-secret/x-hasura-access-key required, but not found',
    );
  }

  private async fromToken(token: string, requestedRole: string | undefined): Promise<Session> {
    const payload = await this.jwt!.verify(token);
    const claims = this.jwt!.claims(payload);
    const invalid = (message: string) => new HasuraError('jwt-invalid-claims', message);
    const allowed = claims['x-hasura-allowed-roles'];
    if (allowed === undefined)
      throw new HasuraError('jwt-missing-role-claims', 'JWT claim does not contain x-hasura-allowed-roles');
    if (!Array.isArray(allowed))
      throw invalid(
        `invalid x-hasura-allowed-roles; should be a list of roles: ${aesonMismatchList(allowed)}`,
      );
    for (const role of allowed) {
      const problem = roleNameProblem(role);
      if (problem) throw invalid(`invalid x-hasura-allowed-roles; should be a list of roles: ${problem}`);
    }
    const defaultRole = claims['x-hasura-default-role'];
    if (defaultRole === undefined)
      throw new HasuraError('jwt-missing-role-claims', 'JWT claim does not contain x-hasura-default-role');
    const problem = roleNameProblem(defaultRole);
    if (problem) throw invalid(`invalid x-hasura-default-role; should be a single role name: ${problem}`);
    // An empty x-hasura-role header is no role name: the default role is taken.
    const role = requestedRole || (defaultRole as string);
    if (!allowed.includes(role))
      throw new HasuraError('access-denied', 'Your requested role is not in allowed roles');
    const vars: Record<string, string> = {};
    for (const [k, v] of Object.entries(claims)) {
      if (k === 'x-hasura-allowed-roles' || k === 'x-hasura-default-role' || !k.startsWith('x-hasura-'))
        continue;
      if (typeof v !== 'string') throw invalid(`x-hasura-* claims: ${aesonMismatch('Text', 'String', v)}`);
      vars[k] = v;
    }
    vars['x-hasura-role'] = role;
    return {
      role,
      vars,
      adminAuth: false,
      backendOnly: false,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : undefined,
      ...(vars['x-hasura-user-id'] !== undefined ? { user: vars['x-hasura-user-id'] } : {}),
    };
  }
}

/** aeson's message when a list is expected and something else is found. */
const aesonMismatchList = (value: unknown) => `expected Array, but encountered ${aesonType(value)}`;

/** Why a JSON value is not a role name (a non-empty string), in aeson's words; undefined when it is one. */
function roleNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return aesonMismatch('String', 'String', value);
  return value === '' ? 'empty string not allowed' : undefined;
}
