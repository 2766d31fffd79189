import { randomBytes } from 'node:crypto';
import { signTicket, ticketKey, verifyTicket } from '../../lib/signed-ticket.ts';

/** How long a user has at the provider's authorize page before the state no longer holds. */
export const WEBINAR_STATE_SECONDS = 600;

/**
 * The OAuth 2.0 `state` against CSRF (RFC 6749 §10.12): a signed ticket naming the user and the
 * session family that asked, so a callback only connects the same user in the same session.
 */
export function webinarState(secret: string, userId: number, sessionId: string, now = Date.now()): string {
  return signTicket(
    { p: 'webinar-state', uid: userId, sid: sessionId, n: randomBytes(9).toString('base64url') },
    ticketKey(secret, 'webinar-state'),
    WEBINAR_STATE_SECONDS,
    now,
  );
}

/** Whether `state` was signed by us for this user and session, and has not expired. */
export function isWebinarStateOf(secret: string, state: string, userId: number, sessionId: string): boolean {
  const payload = verifyTicket(state, ticketKey(secret, 'webinar-state'));
  return payload?.p === 'webinar-state' && payload.uid === userId && payload.sid === sessionId;
}
