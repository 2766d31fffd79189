import { compactVerify, createRemoteJWKSet, importSPKI, importX509, type JWTPayload } from 'jose';
import { HasuraError } from '../errors.ts';
import {
  decodeClaimsSet,
  decodeCompact,
  JwtReason,
  unverifiedIssuer,
  validateClaimsSet,
} from './jwt-reasons.ts';

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

type Key = Parameters<typeof compactVerify>[1];

/**
 * The algorithms a token may be signed with (review F4). An HMAC secret: the HS family, as Hasura
 * (its key is a bare octet JWK, good for every HS size). A PEM key: its configured type. A key set
 * from `jwk_url`: the asymmetric algorithms only, so a symmetric key published in a public set
 * can never sign (Hasura would accept one).
 */
const HMAC = ['HS256', 'HS384', 'HS512'];
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Tokens whose signature a verifier remembers having checked (the oldest are forgotten first). */
const VERIFIED_TOKENS = 10_000;

/** Verifies tokens and extracts Hasura claims according to a JWT config. */
export class JwtVerifier {
  private key: Promise<Key> | undefined;
  /**
   * Tokens whose signature was checked with the configured key, and their payload: a client sends
   * the same token with each request until it refreshes it, and checking a signature costs more
   * than planning a cached request. Only for a key of the configuration (not a `jwk_url` set, whose
   * keys may be withdrawn); the claims (expiry, issuer, audience) are checked on every request.
   */
  private readonly verified = new Map<string, Uint8Array>();

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

  private algorithms(): string[] {
    const { type, jwk_url } = this.config;
    if (jwk_url) return ASYMMETRIC;
    return type!.startsWith('HS') ? HMAC : [type!];
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
    // Hasura splits the header into words: exactly "Bearer" and the token.
    const words = auth.split(/[ \t\n\r\f\v]+/).filter((w) => w !== '');
    if (words.length !== 2 || words[0] !== 'Bearer')
      throw new HasuraError('invalid-headers', 'Malformed Authorization header');
    return words[1];
  }

  /**
   * Verifies a token the way Hasura does and returns its claims; refuses it with `invalid-jwt` and
   * the reason in Hasura's words ("Could not verify JWT: JWTExpired", "… JWSError JWSInvalidSignature",
   * "… JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 2)").
   */
  async verify(token: string): Promise<JWTPayload> {
    const { issuer, audience, allowed_skew } = this.config;
    try {
      // Hasura reads the issuer first (to pick among JWT secrets): another issuer is refused unverified.
      const iss = unverifiedIssuer(token);
      if (issuer !== undefined && iss !== undefined && iss !== issuer) throw new JwtReason('JWTNotInIssuer');
      const jws = decodeCompact(token);
      // "none" is in no validation set: the token then has no signature the library will check.
      if (jws.alg === 'none') throw new JwtReason('JWSError JWSNoSignatures');
      let payload = this.verified.get(token);
      if (!payload) payload = await this.verifySignature(token);
      const set = decodeClaimsSet(Buffer.from(payload));
      validateClaimsSet(set, {
        now: Date.now() / 1000,
        allowedSkew: allowed_skew ?? 0,
        issuer,
        audience: audience === undefined ? undefined : Array.isArray(audience) ? audience : [audience],
      });
      return set.all as JWTPayload;
    } catch (error) {
      if (error instanceof JwtReason)
        throw new HasuraError('invalid-jwt', `Could not verify JWT: ${error.reason}`);
      throw new HasuraError('invalid-jwt', `Could not verify JWT: ${(error as Error).message}`);
    }
  }

  /** The payload of a token whose signature the key verifies (remembered, see `verified`). */
  private async verifySignature(token: string): Promise<Uint8Array> {
    let payload: Uint8Array;
    try {
      ({ payload } = await compactVerify(token, await this.getKey(), { algorithms: this.algorithms() }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_JWKS_NO_MATCHING_KEY' || code === 'ERR_JWKS_MULTIPLE_MATCHING_KEYS')
        throw new JwtReason('JWSError NoUsableKeys');
      // The key set could not be fetched or read: say so (Hasura would use the set it fetched last).
      if (this.config.jwk_url && (code === undefined || code.startsWith('ERR_JWKS'))) throw error;
      // A wrong signature, or an alg the key cannot verify (an RSA token for an HMAC secret).
      throw new JwtReason('JWSError JWSInvalidSignature');
    }
    if (!this.config.jwk_url) {
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, payload);
    }
    return payload;
  }

  /** The Hasura claims (`x-hasura-*` keys, lower-cased) of a verified payload, in Hasura's words on failure. */
  claims(payload: JWTPayload): Record<string, unknown> {
    const { claims_map, claims_namespace_path, claims_format } = this.config;
    const invalid = (message: string) => new HasuraError('jwt-invalid-claims', message);
    if (claims_map) {
      const out: Record<string, unknown> = {};
      for (const [name, spec] of Object.entries(claims_map)) {
        const key = name.toLowerCase();
        if (spec && typeof spec === 'object' && !Array.isArray(spec) && 'path' in spec) {
          const s = spec as { path: string; default?: unknown };
          const v = jsonPath(payload, s.path);
          if (v !== undefined) out[key] = v;
          else if (s.default !== undefined) out[key] = s.default;
          else if (key !== 'x-hasura-allowed-roles' && key !== 'x-hasura-default-role')
            throw invalid(`JWT claim from claims_map, ${key} not found`);
        } else out[key] = spec;
      }
      return out;
    }
    const ns = this.config.claims_namespace ?? 'https://hasura.io/jwt/claims';
    // The namespace is looked up among the token's unregistered claims only.
    const unregistered = Object.fromEntries(
      Object.entries(payload).filter(([k]) => !REGISTERED_CLAIMS.includes(k)),
    );
    const raw = claims_namespace_path ? jsonPath(unregistered, claims_namespace_path) : unregistered[ns];
    if (raw === undefined)
      throw invalid(
        claims_namespace_path
          ? `claims not found at claims_namespace_path: '${claims_namespace_path}'`
          : `claims key: '${ns}' not found`,
      );
    let claims: unknown = raw;
    if (claims_format === 'stringified_json') {
      if (typeof raw !== 'string') throw invalid('expecting a string when claims_format is stringified_json');
      const where = claims_namespace_path
        ? `claims_namespace_path ${claims_namespace_path}`
        : `claims_namespace ${ns}`;
      try {
        claims = JSON.parse(raw);
      } catch {
        claims = undefined;
      }
      if (!claims || typeof claims !== 'object' || Array.isArray(claims))
        throw invalid(`expecting stringified json at: '${where}', but found: ${raw}`);
    } else if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      throw invalid('expecting a json object when claims_format is json');
    return Object.fromEntries(
      Object.entries(claims as Record<string, unknown>)
        .filter(([k]) => k.toLowerCase().startsWith('x-hasura-'))
        .map(([k, v]) => [k.toLowerCase(), v]),
    );
  }
}

/** The claims RFC 7519 registers (never looked at for the Hasura claims namespace). */
const REGISTERED_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti'];

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
