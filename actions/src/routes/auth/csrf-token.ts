import { createHmac } from 'node:crypto';
import { randomToken, safeEqual } from '../../lib/tokens.ts';

/**
 * The CSRF token is bound to its session (OWASP's "signed double-submit cookie"):
 * `<nonce>.<HMAC-SHA256(key, session family + nonce)>`. A token set for one session is refused
 * with another session's refresh cookie, so a cookie planted by someone else (a sibling
 * subdomain, a shared machine) cannot be paired with a session it was not issued for. The key is
 * the access-token key, used with its own purpose prefix.
 */
export function csrfTokenFor(familyId: string, key: string, nonce = randomToken()): string {
  const mac = createHmac('sha256', key).update(`csrf-token:${familyId}:${nonce}`, 'utf8').digest('base64url');
  return `${nonce}.${mac}`;
}

/** Whether a CSRF token was issued for this session family (compared in constant time). */
export function csrfTokenBelongsTo(token: string, familyId: string, key: string): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(token, csrfTokenFor(familyId, key, nonce));
}
