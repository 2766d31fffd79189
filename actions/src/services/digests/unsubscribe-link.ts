import { signTicket, ticketKey, verifyTicket } from '../../lib/signed-ticket.ts';

/** How long a digest's unsubscribe link works: longer than any gap between two digests. */
const UNSUBSCRIBE_LINK_SECONDS = 90 * 86_400;
const PURPOSE = 'digest-unsubscribe';

/** The one-click unsubscribe URL of a user's digests (HMAC-signed with ACTIONS_SECRET's key for this purpose). */
export function unsubscribeUrl(appOrigin: string, secret: string, userId: number, now = Date.now()): string {
  const token = signTicket({ u: userId }, ticketKey(secret, PURPOSE), UNSUBSCRIBE_LINK_SECONDS, now);
  return `${appOrigin}/api/digests/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The user an unsubscribe token names, or null (forged, altered, expired, malformed). */
export function unsubscribeUserOf(token: unknown, secret: string, now = Date.now()): number | null {
  if (typeof token !== 'string' || token.length > 500) return null;
  const payload = verifyTicket(token, ticketKey(secret, PURPOSE), now);
  const userId = payload?.u;
  return typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}
