import { type Exchange, subscriptionExchange } from '@urql/core';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import type { Session } from '../auth/session.ts';

/** Close codes with which the server drops a socket whose token expired or was refused. */
const AUTH_CLOSE_CODES = new Set([4401, 4403]);

/**
 * GraphQL subscriptions over graphql-ws. Every (re)connection sends a token refreshed just
 * before connecting; when the server closes the socket because the token expired, the token is
 * refreshed and `onTokenExpired` resets the data store (spec 002 §7). A refused token that had
 * not expired ends the session instead, so a server that refuses us cannot cause a loop.
 */
export function createSubscriptionExchange(options: {
  url: string;
  session: Session;
  onTokenExpired: () => void;
  webSocketImpl?: unknown;
}): { exchange: Exchange; ws: WsClient } {
  const { session } = options;
  let connectedUntil: number | null = null;
  const ws = createWsClient({
    url: options.url,
    webSocketImpl: options.webSocketImpl,
    lazy: true,
    retryAttempts: 5,
    connectionParams: async () => {
      const token = await session.freshToken().catch(() => null);
      connectedUntil = session.expiresAt();
      return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
    },
    on: {
      closed: (event) => {
        const code = (event as { code?: number }).code;
        if (code === undefined || !AUTH_CLOSE_CODES.has(code)) return;
        if (connectedUntil !== null && connectedUntil <= Date.now()) options.onTokenExpired();
        else session.expire();
      },
    },
  });
  const exchange = subscriptionExchange({
    forwardSubscription: (request) => ({
      subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
    }),
  });
  return { exchange, ws };
}
