import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/** How often an open app asks the server whether a new version is out (and whenever it reconnects). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The longest "Make available offline" waits for the service worker to keep the app's files. */
export const CODE_ON_DEVICE_BOUND_MS = 60_000;

/**
 * The app's service worker (docs/decisions/offline.md) and its updates: registered with
 * workbox-window (a module of the bundle, so the gateway's CSP needs no inline script). A new
 * version installs in the background and waits; `ready` turns true and the app says so. It takes
 * over only when the user presses Reload (`reload()`): the app never reloads by itself, since an
 * edit may be on its way.
 */
export function createAppUpdate() {
  let ready = false;
  let workbox: Workbox | null = null;
  const listeners = new Set<() => void>();
  const setReady = () => {
    if (ready) return;
    ready = true;
    for (const listener of listeners) listener();
  };
  return {
    /** Whether a new version waits for a reload. */
    get: (): boolean => ready,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Registers the service worker at `url` (the production build's `/sw.js`). */
    register(url: string): void {
      if (workbox || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
      workbox = new Workbox(url, { scope: '/' });
      workbox.addEventListener('waiting', setReady);
      const check = () => void workbox?.update().catch(() => undefined);
      window.addEventListener('online', check);
      setInterval(check, UPDATE_CHECK_MS);
      workbox
        .register()
        .catch((error: unknown) => console.error('The service worker did not register', error));
    },
    /**
     * Resolves once the app's own files are kept on this device and serve this page: its service
     * worker has installed (which precaches every file of the build), is active and controls the
     * page (it claims open pages as it activates). At once without a service worker (the
     * development server); after `boundMs` at most, so that a worker that cannot install never
     * holds up what waits for it (the data is kept on the device all the same).
     */
    async codeOnDevice(boundMs = CODE_ON_DEVICE_BOUND_MS): Promise<void> {
      if (!workbox) return;
      const { serviceWorker } = navigator;
      const controlled = (async () => {
        await serviceWorker.ready;
        if (serviceWorker.controller) return;
        await new Promise<void>((resolve) =>
          serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
      })();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        controlled,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs))),
      ]);
      clearTimeout(timer);
    },
    /** The user's Reload: the waiting version takes over, then the page loads again under it. */
    reload(): void {
      if (!workbox) {
        window.location.reload();
        return;
      }
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
    /** Tests: a new version is waiting. */
    markReady: setReady,
  };
}

export type AppUpdateStore = ReturnType<typeof createAppUpdate>;

/** The app's one service worker registration. */
export const appUpdate = createAppUpdate();

/** Whether a new version of the app waits for the user's Reload. */
export function useAppUpdateReady(store: AppUpdateStore = appUpdate): boolean {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
