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
 * upstream); any answer from the server (`reportNetworkSuccess`) means online again.
 */
export function createNetworkStatus(initiallyOnline: boolean, now: () => Date = () => new Date()) {
  let status: TNetworkStatus = { online: initiallyOnline, offlineSince: initiallyOnline ? null : now() };
  const listeners = new Set<() => void>();
  const set = (online: boolean) => {
    if (online === status.online) return;
    status = { online, offlineSince: online ? null : now() };
    for (const listener of listeners) listener();
  };
  return {
    get: (): TNetworkStatus => status,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportNetworkFailure: () => set(false),
    reportNetworkSuccess: () => set(true),
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
