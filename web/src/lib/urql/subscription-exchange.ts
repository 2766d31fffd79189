import { type Exchange, subscriptionExchange } from '@urql/core';
import type { Client as WsClient } from 'graphql-ws';
import type { Session } from '../auth/session.ts';
import { type NetworkStatusStore, networkStatus } from '../offline/network-status.ts';

/** Close codes with which the server drops a socket whose token expired or was refused. */
const AUTH_CLOSE_CODES = new Set([4401, 4403]);

export interface SubscriptionExchange {
  exchange: Exchange;
  /**
   * Ends every subscription and the socket for good (sign-out, an expired session, a new client):
   * never rejects, even when the socket is still connecting or its server is gone.
   */
  dispose(): Promise<void>;
  /** The graphql-ws client, loaded on first use (tests watch its events). */
  ws: () => Promise<WsClient>;
}

/**
 * GraphQL subscriptions over graphql-ws, their lifetime tied to the session and the connection
 * (docs/decisions/notifications.md#live):
 * - a subscription opens a socket only while there is a session (a token) and the app is online;
 *   going offline ends it on the socket, coming back online starts it again, the hook that asked
 *   for it never sees the gap (each screen need not pause its own);
 * - every (re)connection sends a token refreshed just before connecting; when the server closes
 *   the socket because the token expired, the token is refreshed and `onTokenExpired` resets the
 *   data store (spec 002 §7); a refused token that had not expired ends the session instead, so a
 *   server that refuses us cannot cause a loop;
 * - a socket that drops is tried again (5 times, backing off) only while it could be used: not
 *   once disposed, signed out or offline;
 * - a socket lost while nothing can use it (offline, signed out, disposed: a test's stack torn
 *   down, a session expiring) is an event handled here, never an unhandled rejection; `dispose`
 *   swallows the failure of a socket still connecting.
 */
export function createSubscriptionExchange(options: {
  url: string;
  session: Session;
  onTokenExpired: () => void;
  webSocketImpl?: unknown;
  network?: NetworkStatusStore;
}): SubscriptionExchange {
  const { session } = options;
  const network = options.network ?? networkStatus;
  let disposed = false;
  let connectedUntil: number | null = null;
  /** Whether a socket could be used now: not disposed, signed in, online. */
  const usable = () => !disposed && session.token() !== null && network.get().online;

  // graphql-ws is loaded with the first subscription (its own chunk: the entry stays within its budget).
  let loading: Promise<WsClient> | null = null;
  const ws = (): Promise<WsClient> =>
    (loading ??= import('graphql-ws').then(({ createClient }) =>
      createClient({
        url: options.url,
        webSocketImpl: options.webSocketImpl,
        lazy: true,
        retryAttempts: 5,
        shouldRetry: () => usable(),
        connectionParams: async () => {
          // A refresh that gets no answer throws (offline): the socket fails and is retried if usable.
          const token = await session.freshToken();
          if (!token) throw new Error('Signed out: no live connection without a session');
          connectedUntil = session.expiresAt();
          return { headers: { Authorization: `Bearer ${token}` } };
        },
        on: {
          closed: (event) => {
            if (disposed) return;
            const code = (event as { code?: number }).code;
            if (code === undefined || !AUTH_CLOSE_CODES.has(code)) return;
            if (connectedUntil !== null && connectedUntil <= Date.now()) options.onTokenExpired();
            else session.expire();
          },
        },
      }),
    ));

  /** The stops of every subscription now on the socket. */
  const running = new Set<() => void>();

  const exchange = subscriptionExchange({
    forwardSubscription: (request) =>
      whileUsable(ws, { ...request, query: request.query ?? '' }, { usable, network, running }),
  });

  // An expired session ends every subscription at once (the store is reset next).
  const unlistenExpiry = session.onExpired(() => {
    for (const stop of [...running]) stop();
  });

  return {
    exchange,
    ws,
    async dispose() {
      if (disposed) return;
      disposed = true;
      unlistenExpiry();
      for (const stop of [...running]) stop();
      // graphql-ws waits for a socket still connecting and rejects when it fails: nothing to tell.
      await loading?.then((client) => client.dispose()).catch(() => {});
    },
  };
}

/**
 * One subscription on the socket only while it can be used: started now if it can, stopped when
 * the app goes offline and started again when it comes back, its sink told only of what the
 * current start says. An error of a socket that cannot be used now ends nothing (the subscription
 * waits to start again, or ends quietly with its client); a GraphQL error or a socket that failed
 * while usable (retries spent) reaches the sink (urql reads a list as GraphQL errors).
 */
function whileUsable(
  ws: () => Promise<WsClient>,
  payload: { query: string; variables?: Record<string, unknown> | null },
  context: { usable: () => boolean; network: NetworkStatusStore; running: Set<() => void> },
) {
  const { usable, network, running } = context;
  return {
    subscribe: (sink: { next(value: unknown): void; error(error: unknown): void; complete(): void }) => {
      let stopCurrent: (() => void) | null = null;
      let ended = false;
      const stop = () => {
        running.delete(stop);
        const current = stopCurrent;
        stopCurrent = null;
        current?.();
      };
      const settle = () => {
        stopCurrent = null;
        running.delete(stop);
      };
      const start = () => {
        if (ended || stopCurrent || !usable()) return;
        // Each start has its own sink: what a stopped one says afterwards is not heard.
        let mine = true;
        const fail = (error: unknown) => {
          if (!mine) return;
          mine = false;
          settle();
          // Not a GraphQL error (a list): the socket went with the network, the session or the
          // client. It starts again when it can, or ends quietly with its client.
          if (!Array.isArray(error) && !usable()) return;
          ended = true;
          // urql reads a list as GraphQL errors; a socket's end becomes an Error it can show.
          sink.error(
            Array.isArray(error) || error instanceof Error ? error : new Error('The live connection closed'),
          );
        };
        let unsubscribe = () => {};
        stopCurrent = () => {
          mine = false;
          unsubscribe();
        };
        running.add(stop);
        ws().then((client) => {
          if (!mine) return;
          unsubscribe = client.subscribe(payload, {
            next: (value) => {
              if (mine) sink.next(value);
            },
            error: fail,
            complete: () => {
              if (!mine) return;
              mine = false;
              settle();
              ended = true;
              sink.complete();
            },
          });
        }, fail);
      };
      const unlisten = network.subscribe(() => {
        if (network.get().online) start();
        else stop();
      });
      start();
      return {
        unsubscribe: () => {
          ended = true;
          unlisten();
          stop();
        },
      };
    },
  };
}
