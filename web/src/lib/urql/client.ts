import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import type { Client as WsClient } from 'graphql-ws';
import type { Session } from '../auth/session.ts';
import type { NetworkStatusStore } from '../offline/network-status.ts';
import {
  bearerAuthExchange,
  isNetworkError,
  networkStatusExchange,
  sessionExpiryExchange,
} from './auth-exchange.ts';
import { cacheOptions } from './cache.ts';
import { createSubscriptionExchange } from './subscription-exchange.ts';

export interface GraphqlClientOptions {
  /** HTTP endpoint, absolute. */
  url: string;
  /** WebSocket endpoint, absolute (ws: or wss:). */
  wsUrl: string;
  session: Session;
  /** Called when the data store must be thrown away (the socket's token expired). */
  onResetStore: () => void;
  /** Node has no global WebSocket (tests pass `ws`). */
  webSocketImpl?: unknown;
  /** The app's network status (tests pass their own). */
  network?: NetworkStatusStore;
}

/**
 * The urql client. The exchanges, in order (operations flow down, results up):
 *  1. graphcache: normalised cache, schema-aware once schema.json exists;
 *  2. session expiry: still unauthorised after the single refresh+retry → Login;
 *     network status: no answer → offline, any answer → online;
 *  3. auth: bearer token, refresh before expiry, one refresh and retry on invalid-jwt / 401;
 *  4. fetch: queries and mutations over HTTP;
 *  5. subscriptions: graphql-ws with a fresh token per connection, live only while signed in and
 *     online (subscription-exchange.ts).
 */
export function createGraphqlClient(options: GraphqlClientOptions): {
  client: Client;
  /** Ends the subscriptions and their socket; never rejects. */
  dispose: () => Promise<void>;
  /** The subscriptions' graphql-ws client, loaded on first use (tests watch its events). */
  ws: () => Promise<WsClient>;
} {
  const { session } = options;
  const subscriptions = createSubscriptionExchange({
    url: options.wsUrl,
    session,
    webSocketImpl: options.webSocketImpl,
    network: options.network,
    onTokenExpired: () => {
      void session
        .refresh()
        .catch((error: unknown) => (isNetworkError(error) ? undefined : null))
        .then((token) => {
          if (token) options.onResetStore();
          else if (token === null) session.expire();
        });
    },
  });
  const client = new Client({
    url: options.url,
    // Hasura's /v1/graphql takes POST only; urql would otherwise send short queries as GET.
    preferGetMethod: false,
    exchanges: [
      cacheExchange(cacheOptions),
      sessionExpiryExchange(session),
      networkStatusExchange(options.network),
      bearerAuthExchange(session),
      fetchExchange,
      subscriptions.exchange,
    ],
  });
  // Never rejects: a socket still connecting when the client goes (sign-out, a stack torn down).
  return { client, dispose: () => subscriptions.dispose(), ws: subscriptions.ws };
}
