import { useSyncExternalStore } from 'react';

/** Whether the app can reach its server, and since when it cannot. */
export interface TNetworkStatus {
  online: boolean;
  /** When the connection was lost (null while online). */
  offlineSince: Date | null;
}

/**
 * The app's one view of the connection. The browser's `online`/`offline` events move it, and so
 * do the requests themselves: a request that fails without an answer (`reportNetworkFailure`)
 * means offline even when `navigator.onLine` still says true (a captive Wi-Fi, a cut cable
 * upstream); an answer from the server (`reportNetworkSuccess`) means online again, unless the
 * request was sent before the connection was lost: its answer, processed just after the
 * `offline` event, says nothing about now (`sent()` marks when a request went out).
 */
export function createNetworkStatus(initiallyOnline: boolean, now: () => Date = () => new Date()) {
  let status: TNetworkStatus = { online: initiallyOnline, offlineSince: initiallyOnline ? null : now() };
  /** How many times the connection was lost: a request's mark, compared when it is answered. */
  let losses = 0;
  const listeners = new Set<() => void>();
  const set = (online: boolean) => {
    if (online === status.online) return;
    if (!online) losses += 1;
    status = { online, offlineSince: online ? null : now() };
    for (const listener of listeners) listener();
  };
  return {
    get: (): TNetworkStatus => status,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A mark for a request going out now, to give back with its answer. */
    sent: (): number => losses,
    reportNetworkFailure: () => set(false),
    /** An answer came (to a request marked `sentMark`, or the browser says it is online). */
    reportNetworkSuccess: (sentMark: number = losses) => {
      if (sentMark === losses) set(true);
    },
  };
}

export type NetworkStatusStore = ReturnType<typeof createNetworkStatus>;

const inBrowser = typeof window !== 'undefined';

/** The app's network status (one per page). */
export const networkStatus = createNetworkStatus(inBrowser ? navigator.onLine : true);

if (inBrowser) {
  window.addEventListener('online', () => networkStatus.reportNetworkSuccess());
  window.addEventListener('offline', () => networkStatus.reportNetworkFailure());
}

/** The connection as a React value: re-renders when it goes or comes back. */
export function useNetworkStatus(store: NetworkStatusStore = networkStatus): TNetworkStatus {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
