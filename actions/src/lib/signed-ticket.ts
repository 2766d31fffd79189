import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed tickets for links a browser opens without our bearer token (a zip download
 * is a plain navigation): `<base64url JSON payload>.<base64url HMAC-SHA256>`. The key is derived
 * from the service's secret and the ticket's purpose, so a ticket of one purpose is no ticket of
 * another, and never an access token.
 */
export function ticketKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`signed-ticket:${purpose}`).digest();
}

/** Signs `payload` with an expiry `seconds` from `now` (ms). */
export function signTicket(payload: object, key: Buffer, seconds: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(now / 1000) + seconds })).toString(
    'base64url',
  );
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The payload of a ticket signed with `key` that has not expired, or null (forged, altered, expired, malformed). */
export function verifyTicket(ticket: string, key: Buffer, now = Date.now()): Record<string, unknown> | null {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const { exp } = payload as { exp?: unknown };
    if (typeof exp !== 'number' || exp * 1000 <= now) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
