import { createRemoteJWKSet, importSPKI, importX509, type JWTPayload, jwtVerify } from 'jose';
import { HasuraError } from '../errors.ts';

/** HASURA_GRAPHQL_JWT_SECRET, parsed. */
export interface JwtConfig {
  type?: string;
  key?: string;
  jwk_url?: string;
  claims_namespace?: string;
  claims_namespace_path?: string;
  claims_format?: 'json' | 'stringified_json';
  claims_map?: Record<string, unknown>;
  audience?: string | string[];
  issuer?: string;
  allowed_skew?: number;
  header?: { type: 'Authorization' } | { type: 'Cookie'; name: string };
}

type Key = Parameters<typeof jwtVerify>[1];

/** Verifies tokens and extracts Hasura claims according to a JWT config. */
export class JwtVerifier {
  private key: Promise<Key> | undefined;

  constructor(readonly config: JwtConfig) {
    if (!!config.key === !!config.jwk_url)
      throw new Error('HASURA_GRAPHQL_JWT_SECRET needs exactly one of "key" and "jwk_url"');
    if (config.claims_namespace && config.claims_namespace_path)
      throw new Error('HASURA_GRAPHQL_JWT_SECRET: claims_namespace and claims_namespace_path are exclusive');
    if (config.key && !config.type)
      throw new Error('HASURA_GRAPHQL_JWT_SECRET: "type" is required with "key"');
  }

  private getKey(): Promise<Key> {
    if (!this.key) {
      const { type, key, jwk_url } = this.config;
      if (jwk_url) this.key = Promise.resolve(createRemoteJWKSet(new URL(jwk_url)) as unknown as Key);
      else if (type!.startsWith('HS')) this.key = Promise.resolve(new TextEncoder().encode(key));
      else if (key!.includes('CERTIFICATE')) this.key = importX509(key!, type!);
      else this.key = importSPKI(key!, type!);
    }
    return this.key;
  }

  /** The token from the request headers, or undefined when absent. */
  token(headers: Record<string, string | undefined>): string | undefined {
    const header = this.config.header;
    if (header?.type === 'Cookie') {
      const cookies = headers.cookie ?? '';
      for (const part of cookies.split(';')) {
        const [k, ...v] = part.trim().split('=');
        if (k === header.name) return v.join('=');
      }
      return undefined;
    }
    const auth = headers.authorization;
    if (auth === undefined) return undefined;
    const m = /^Bearer (\S+)$/.exec(auth);
    if (!m) throw new HasuraError('invalid-headers', 'Malformed Authorization header');
    return m[1];
  }

  /** Verifies signature and registered claims; Hasura's messages on failure. */
  async verify(token: string): Promise<JWTPayload> {
    const { type, audience, issuer, allowed_skew } = this.config;
    try {
      const { payload } = await jwtVerify(token, await this.getKey(), {
        algorithms: type ? [type] : undefined,
        audience,
        clockTolerance: allowed_skew ?? 0,
      });
      if (issuer && payload.iss !== undefined && payload.iss !== issuer)
        throw new HasuraError('invalid-jwt', 'Could not verify JWT: JWTNotInIssuer');
      return payload;
    } catch (error) {
      if (error instanceof HasuraError) throw error;
      const e = error as { code?: string; claim?: string; message: string };
      const reason =
        e.code === 'ERR_JWT_EXPIRED'
          ? 'JWTExpired'
          : e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
            ? 'JWSError JWSInvalidSignature'
            : e.code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && e.claim === 'aud'
              ? 'JWTNotInAudience'
              : e.code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && e.claim === 'nbf'
                ? 'JWTNotYetValid'
                : e.code === 'ERR_JWS_INVALID' || e.code === 'ERR_JWT_INVALID'
                  ? 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)'
                  : e.message;
      throw new HasuraError('invalid-jwt', `Could not verify JWT: ${reason}`);
    }
  }

  /** The Hasura claims object (`x-hasura-*` keys) of a verified payload. */
  claims(payload: JWTPayload): Record<string, unknown> {
    const { claims_map, claims_namespace_path, claims_format } = this.config;
    if (claims_map) {
      const out: Record<string, unknown> = {};
      for (const [name, spec] of Object.entries(claims_map)) {
        if (spec && typeof spec === 'object' && !Array.isArray(spec) && 'path' in spec) {
          const s = spec as { path: string; default?: unknown };
          const v = jsonPath(payload, s.path);
          if (v !== undefined) out[name.toLowerCase()] = v;
          else if (s.default !== undefined) out[name.toLowerCase()] = s.default;
        } else out[name.toLowerCase()] = spec;
      }
      return out;
    }
    const ns = this.config.claims_namespace ?? 'https://hasura.io/jwt/claims';
    let raw = claims_namespace_path
      ? jsonPath(payload, claims_namespace_path)
      : (payload as Record<string, unknown>)[ns];
    if (raw === undefined)
      throw new HasuraError(
        'jwt-invalid-claims',
        claims_namespace_path
          ? `claims not found at claims_namespace_path: '${claims_namespace_path}'`
          : `claims key: '${ns}' not found`,
      );
    if (claims_format === 'stringified_json' && typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw new HasuraError('jwt-invalid-claims', 'invalid stringified JSON in the claims');
      }
    }
    if (!raw || typeof raw !== 'object')
      throw new HasuraError('jwt-invalid-claims', 'claims should be an object');
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), v]));
  }
}

/** A small JSONPath subset: `$`, `.key`, `['key']`, `[0]`. */
export function jsonPath(root: unknown, path: string): unknown {
  if (!path.startsWith('$')) return undefined;
  let cur: unknown = root;
  const re = /\.([^.[\]]+)|\['([^']+)'\]|\["([^"]+)"\]|\[(\d+)\]/g;
  const rest = path.slice(1);
  let consumed = 0;
  for (const m of rest.matchAll(re)) {
    if (m.index !== consumed) return undefined;
    consumed += m[0].length;
    const key = m[1] ?? m[2] ?? m[3] ?? Number(m[4]);
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return consumed === rest.length ? cur : undefined;
}
