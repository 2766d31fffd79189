import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { ZHs256JwtSecretSchema } from '@portal/domain';
import { type JWTPayload, jwtVerify } from 'jose';

/** Who sent a request, as far as the gateway can tell without asking anyone. */
export interface Caller {
  /**
   * Whose share of `/v1/graphql` it uses: `user:<id>` for a verified access token, else
   * `address:<client address>` (anonymous, or a token that does not verify: the engine refuses it).
   */
  key: string;
  /** A verified token that allows role `provider_admin`. */
  admin: boolean;
  /** The client is this machine (its address is a loopback one). */
  loopback: boolean;
  /**
   * The request carries the engine's admin secret: the engine's admin has no limits, and the
   * gateway takes none of its share either (the stack's own tests and tools).
   */
  engineAdmin: boolean;
}

/** Where the portal's access tokens keep Hasura's claims (actions signs them there). */
const CLAIMS_NAMESPACE = 'https://hasura.io/jwt/claims';
/** The role whose holders may read the stack's health details, as the machine itself may. */
const ADMIN_ROLE = 'provider_admin';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const bearer = (req: http.IncomingMessage): string | undefined => {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
};

/** Compares secrets in constant time (their hashes, so lengths do not show either). */
const sameSecret = (given: string, secret: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(secret).digest());

/** Tokens whose signature the gateway remembers having checked (the oldest are forgotten first). */
const VERIFIED_TOKENS = 10_000;

/**
 * A token's payload once its HS256 signature verified and while its time claims hold. A client
 * sends the same token with each request until it refreshes it, so the signature is checked once
 * per token, not once per request; `exp` and `nbf` are checked every time.
 */
function verifiedTokens() {
  const known = new Map<string, JWTPayload>();
  return async (token: string, key: Uint8Array): Promise<JWTPayload> => {
    let payload = known.get(token);
    if (!payload) {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      if (known.size >= VERIFIED_TOKENS) known.delete(known.keys().next().value!);
      known.set(token, payload);
    }
    const now = Date.now() / 1000;
    if ((payload.exp !== undefined && payload.exp <= now) || (payload.nbf !== undefined && payload.nbf > now))
      throw new Error('the token is not valid now');
    return payload;
  };
}

/**
 * Tells callers apart by their access token (HASURA_GRAPHQL_JWT_SECRET's HS256 key: signature and
 * expiry checked, as the engine checks them) or, without a valid one, by the socket's address.
 * Without a JWT secret every caller is known by address only; without the admin secret no request
 * is the engine's admin.
 */
export function callerOf(
  jwtSecret: string | undefined,
  adminSecret?: string,
): (req: http.IncomingMessage) => Promise<Caller> {
  let key: Uint8Array | undefined;
  const verified = verifiedTokens();
  if (jwtSecret) {
    const parsed = ZHs256JwtSecretSchema.safeParse(JSON.parse(jwtSecret));
    if (!parsed.success) throw new Error('HASURA_GRAPHQL_JWT_SECRET is not an HS256 key the gateway can use');
    key = new TextEncoder().encode(parsed.data.key);
  }
  return async (req) => {
    const address = req.socket.remoteAddress ?? '';
    const given = req.headers['x-hasura-admin-secret'];
    const anonymous: Caller = {
      key: `address:${address}`,
      admin: false,
      loopback: isLoopback(address),
      engineAdmin: !!adminSecret && typeof given === 'string' && sameSecret(given, adminSecret),
    };
    const token = bearer(req);
    if (!key || !token) return anonymous;
    try {
      const payload = await verified(token, key);
      const claims = payload[CLAIMS_NAMESPACE] as Record<string, unknown> | undefined;
      const user = claims?.['x-hasura-user-id'];
      if (typeof user !== 'string' || !user) return anonymous;
      const roles = claims?.['x-hasura-allowed-roles'];
      return {
        ...anonymous,
        key: `user:${user}`,
        admin: Array.isArray(roles) && roles.includes(ADMIN_ROLE),
      };
    } catch {
      return anonymous;
    }
  };
}
