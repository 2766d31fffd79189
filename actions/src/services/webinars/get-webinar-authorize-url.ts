import type { FastifyInstance } from 'fastify';
import { requireWebinarConfig, type WebinarCaller } from './webinar-config.ts';
import { webinarState } from './webinar-state.ts';

/**
 * `webinarAuthorizeUrl`: where the Webinars page sends the user to connect (OAuth 2.0
 * authorization code flow): the provider's authorize URL with our client id, redirect URI and a
 * state bound to the caller's user and session.
 */
export function getWebinarAuthorizeUrl(app: FastifyInstance, caller: WebinarCaller) {
  const config = requireWebinarConfig(app);
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('state', webinarState(app.config.actionsSecret, caller.userId, caller.sessionId));
  return { url: url.toString() };
}
