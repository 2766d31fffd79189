import { invalidJsonMessage } from '../errors.ts';

/**
 * Why a token is refused, in Hasura's words.
 *
 * Hasura answers a token it cannot verify with `invalid-jwt` and "Could not verify JWT: " followed by
 * the Haskell `show` of the jose library's `JWTError`: `JWTExpired`,
 * `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 2)`,
 * `JWSError (JSONDecodeError "Not valid base64url")`, `JWTClaimsSetDecodeError "Error in $.exp: …"`.
 * This module decodes a compact JWS the way that library does (parts, base64url, the protected
 * header, the claims set and its registered claims' types) and names the first problem the same
 * way; signatures are checked by `jose` (see `jwt.ts`).
 */

/** A token refused for a reason; `reason` is what follows "Could not verify JWT: ". */
export class JwtReason extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JwtReason';
  }
}

/** Haskell's `show` of a String: quoted, `\"` `\\` escaped, control and non-ASCII characters as escapes. */
export function haskellShow(text: string): string {
  const names: Record<number, string> = {
    7: '\\a',
    8: '\\b',
    9: '\\t',
    10: '\\n',
    11: '\\v',
    12: '\\f',
    13: '\\r',
    34: '\\"',
    92: '\\\\',
  };
  const ascii = [
    'NUL',
    'SOH',
    'STX',
    'ETX',
    'EOT',
    'ENQ',
    'ACK',
    'a',
    'b',
    't',
    'n',
    'v',
    'f',
    'r',
    'SO',
    'SI',
    'DLE',
    'DC1',
    'DC2',
    'DC3',
    'DC4',
    'NAK',
    'SYN',
    'ETB',
    'CAN',
    'EM',
    'SUB',
    'ESC',
    'FS',
    'GS',
    'RS',
    'US',
  ];
  let out = '"';
  let numericBefore = false;
  let so = false;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    // A numeric escape followed by a digit, or \SO followed by H, needs the empty escape \& between them.
    if ((numericBefore && ch >= '0' && ch <= '9') || (so && ch === 'H')) out += '\\&';
    numericBefore = false;
    so = false;
    if (names[code]) out += names[code];
    else if (code < 32) {
      out += `\\${ascii[code]}`;
      so = code === 14;
    } else if (code === 127) out += '\\DEL';
    else if (code > 127) {
      out += `\\${code}`;
      numericBefore = true;
    } else out += ch;
  }
  return `${out}"`;
}

/** `JWSError (JSONDecodeError "…")`: a part or the protected header could not be read. */
const jsonDecodeError = (message: string) =>
  new JwtReason(`JWSError (JSONDecodeError ${haskellShow(message)})`);

/** `JWTClaimsSetDecodeError "Error in $…: …"`: the payload is not a JWT claims set. */
const claimsSetError = (path: string, message: string) =>
  new JwtReason(`JWTClaimsSetDecodeError ${haskellShow(`Error in ${path}: ${message}`)}`);

/** The JSON type names aeson uses in its type-mismatch messages. */
export function aesonType(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  switch (typeof value) {
    case 'string':
      return 'String';
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    default:
      return 'Object';
  }
}

/** aeson's message when `withText name` (or another `with…`) meets another type. */
export const aesonMismatch = (name: string, expected: string, value: unknown) =>
  `parsing ${name} failed, expected ${expected}, but encountered ${aesonType(value)}`;

const B64URL = /^[A-Za-z0-9_-]*$/;
const B64_VALUES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Decodes unpadded base64url the way base64-bytestring's `decodeUnpadded` does: no padding, no other
 * characters, no impossible length, and no stray bits in the last character (canonical only).
 */
export function base64url(part: string): Buffer {
  const bad = () => jsonDecodeError('Not valid base64url');
  if (!B64URL.test(part) || part.length % 4 === 1) throw bad();
  const last = part.length % 4;
  if (last !== 0) {
    const value = B64_VALUES.indexOf(part[part.length - 1]!);
    if ((last === 2 && (value & 0x0f) !== 0) || (last === 3 && (value & 0x03) !== 0)) throw bad();
  }
  return Buffer.from(part, 'base64url');
}

/** The `alg` values the jose library knows, in its order (its message lists them). */
export const JOSE_ALGS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'ES256',
  'ES384',
  'ES512',
  'PS256',
  'PS384',
  'PS512',
  'none',
  'EdDSA',
] as const;

/** Header names `crit` may not list (RFC 7515 §4.1.11; the jose library's list). */
const CRIT_RESERVED = ['alg', 'jku', 'jwk', 'x5u', 'x5t', 'x5t#S256', 'x5c', 'kid', 'typ', 'cty', 'crit'];

/** A decoded compact JWS: its protected header and its payload bytes (signature not yet checked). */
export interface DecodedJws {
  header: Record<string, unknown>;
  alg: string;
  payload: Buffer;
}

/** Splits and decodes a compact JWS, refusing it with the jose library's reason. */
export function decodeCompact(token: string): DecodedJws {
  const parts = token.split('.');
  if (parts.length !== 3)
    throw new JwtReason(
      `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts.length})`,
    );
  const [rawHeader, rawPayload, rawSignature] = parts as [string, string, string];
  // The library reads the payload first, then the protected header, then the signature.
  const payload = base64url(rawPayload);
  const headerBytes = base64url(rawHeader);
  let header: unknown;
  try {
    header = JSON.parse(headerBytes.toString('utf8'));
  } catch {
    header = undefined;
  }
  if (!header || typeof header !== 'object' || Array.isArray(header))
    throw jsonDecodeError('protected header contains invalid JSON');
  const h = header as Record<string, unknown>;
  if (!('alg' in h)) throw jsonDecodeError('missing required header "alg"');
  if (typeof h.alg !== 'string' || !(JOSE_ALGS as readonly string[]).includes(h.alg))
    throw jsonDecodeError(`unrecognised value; expected: [${JOSE_ALGS.map((a) => `"${a}"`).join(',')}]`);
  for (const name of ['kid', 'typ', 'cty'])
    if (name in h && typeof h[name] !== 'string')
      throw jsonDecodeError(aesonMismatch('Text', 'String', h[name]));
  if ('crit' in h && Array.isArray(h.crit))
    for (const name of h.crit)
      if (typeof name === 'string')
        throw jsonDecodeError(
          CRIT_RESERVED.includes(name) ? 'crit key is reserved' : 'crit key is not understood',
        );
  base64url(rawSignature);
  return { header: h, alg: h.alg, payload };
}

/** The registered claims, typed as the jose library reads them. */
export interface ClaimsSet {
  iss?: string;
  sub?: string;
  aud?: string[];
  exp?: number;
  nbf?: number;
  iat?: number;
  jti?: string;
  /** Every claim, registered or not, as sent. */
  all: Record<string, unknown>;
}

/** `StringOrURI`: any string, but one with a colon must be a URI (RFC 7519 §2). */
function stringOrUri(value: unknown, path: string): string {
  if (typeof value !== 'string') throw claimsSetError(path, aesonMismatch('StringOrURI', 'String', value));
  if (value.includes(':') && !/^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}]*$/.test(value))
    throw claimsSetError(path, 'failed to parse StringOrURI');
  return value;
}

function numericDate(value: unknown, path: string): number {
  if (typeof value !== 'number') throw claimsSetError(path, aesonMismatch('NumericDate', 'Number', value));
  return value;
}

/** aeson's message for a payload that is not JSON (the same words as for a request body). */
function notJson(text: string, error: unknown): JwtReason {
  return new JwtReason(`JWTClaimsSetDecodeError ${haskellShow(invalidJsonMessage(text, error))}`);
}

/** Reads the payload as a JWT claims set (after the signature was verified, as the library does). */
export function decodeClaimsSet(payload: Buffer): ClaimsSet {
  let json: unknown;
  const text = payload.toString('utf8');
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw notJson(text, error);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw claimsSetError('$', aesonMismatch('JWT Claims Set', 'Object', json));
  const o = json as Record<string, unknown>;
  const present = (k: string) => o[k] !== undefined && o[k] !== null;
  const set: ClaimsSet = { all: o };
  if (present('iss')) set.iss = stringOrUri(o.iss, '$.iss');
  if (present('sub')) set.sub = stringOrUri(o.sub, '$.sub');
  if (present('aud')) {
    // A list of StringOrURI, else one; when both fail, the library reports the second attempt.
    const aud = o.aud;
    if (!Array.isArray(aud)) set.aud = [stringOrUri(aud, '$.aud')];
    else {
      try {
        set.aud = aud.map((a, i) => stringOrUri(a, `$.aud[${i}]`));
      } catch {
        throw claimsSetError('$.aud', aesonMismatch('StringOrURI', 'String', aud));
      }
    }
  }
  if (present('exp')) set.exp = numericDate(o.exp, '$.exp');
  if (present('nbf')) set.nbf = numericDate(o.nbf, '$.nbf');
  if (present('iat')) set.iat = numericDate(o.iat, '$.iat');
  if (present('jti')) {
    if (typeof o.jti !== 'string') throw claimsSetError('$.jti', aesonMismatch('Text', 'String', o.jti));
    set.jti = o.jti;
  }
  return set;
}

/** What a claims set is checked against. */
export interface ClaimsRules {
  /** Seconds since the epoch. */
  now: number;
  allowedSkew: number;
  issuer?: string;
  audience?: string[];
}

/** The jose library's checks, in its order: exp, iat, nbf, iss, aud. */
export function validateClaimsSet(set: ClaimsSet, rules: ClaimsRules): void {
  const skew = Math.abs(rules.allowedSkew);
  if (set.exp !== undefined && !(rules.now < set.exp + skew)) throw new JwtReason('JWTExpired');
  if (set.iat !== undefined && set.iat > rules.now + skew) throw new JwtReason('JWTIssuedAtFuture');
  if (set.nbf !== undefined && !(rules.now >= set.nbf - skew)) throw new JwtReason('JWTNotYetValid');
  if (rules.issuer !== undefined && set.iss !== undefined && set.iss !== rules.issuer)
    throw new JwtReason('JWTNotInIssuer');
  // No audience configured: any. Configured: the token must name it; unlike Hasura (which checks
  // the claim only when present), a token without `aud` is refused (review F4, KNOWN_DIFFERENCES).
  if (rules.audience && !set.aud?.some((a) => rules.audience!.includes(a)))
    throw new JwtReason('JWTNotInAudience');
}

/**
 * The token's `iss` read without verifying anything, as Hasura does first to pick the JWT secret:
 * undefined when the token cannot be read.
 */
export function unverifiedIssuer(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length < 3) return undefined;
  try {
    const o = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof o?.iss === 'string' ? o.iss : undefined;
  } catch {
    return undefined;
  }
}
