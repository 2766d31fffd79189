import type { Locator, Page } from 'playwright-core';

/**
 * Survey capture offline (docs/decisions/offline.md) as a browser test sees it: the connection
 * banner, the device's IndexedDB (read in the page, as the app stores it), the conflict view and
 * the "Not saved" list. The words are the offline UI contract's.
 */

/**
 * Waits until the production build's service worker is active: it has precached the shell and
 * every screen. The page that registered it is not controlled by it; the next navigation is.
 */
export async function waitForActiveServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const nav = (
        globalThis as unknown as {
          navigator: { serviceWorker: { ready: Promise<{ active: { state: string } | null }> } };
        }
      ).navigator;
      return (await nav.serviceWorker.ready).active?.state === 'activated';
    },
    undefined,
    { polling: 100, timeout: 20_000 },
  );
}

/** Waits until the service worker controls the page (its requests go through the worker). */
export async function waitForServiceWorkerControl(page: Page, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  // A string, evaluated through the DevTools protocol (a polled function would need the CSP's eval).
  while (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) {
    if (Date.now() > deadline)
      throw new Error(`no service worker controls ${page.url()} after ${timeout} ms`);
    await page.waitForTimeout(100);
  }
}

/**
 * Waits until the service worker is active, then reloads (online) so the page is controlled by
 * it: from then on every screen's code comes from its cache, as on a tablet that opened the
 * portal before (the worker never claims a page by itself).
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await waitForActiveServiceWorker(page);
  await page.reload();
  await waitForServiceWorkerControl(page);
}

/** The app's IndexedDB database (web/src/lib/offline/device-store.ts). */
export const DEVICE_DB = 'accreditation-portal';

/** The assessment screen's connection banner (a status region named "Connection"). */
export const connectionBanner = (page: Page): Locator => page.getByRole('status', { name: 'Connection' });

type DeviceStore = 'copies' | 'queue';

/**
 * One read of the app's IndexedDB, in the page: a store's record by key, or (without a key) how
 * many records it holds. Null while the app has not created the database: the read never creates
 * it (that would leave the app an empty database of its own version, with no stores).
 */
async function readDeviceStore<T>(page: Page, store: DeviceStore, key?: string): Promise<T | null> {
  return page.evaluate(
    async ([db, storeName, recordKey]) => {
      type Request = { result: unknown; onsuccess: unknown; onerror: unknown };
      const g = globalThis as unknown as {
        indexedDB: {
          open(name: string): Request & { onupgradeneeded: unknown; transaction: { abort(): void } };
        };
      };
      const open = g.indexedDB.open(db);
      const database = await new Promise<{
        transaction(s: string): { objectStore(s: string): { get(k: string): Request; count(): Request } };
        objectStoreNames: { contains(s: string): boolean };
        close(): void;
      } | null>((resolve) => {
        open.onupgradeneeded = () => open.transaction.abort();
        open.onsuccess = () => resolve(open.result as never);
        open.onerror = () => resolve(null);
      });
      if (!database) return null;
      try {
        if (!database.objectStoreNames.contains(storeName)) return null;
        const records = database.transaction(storeName).objectStore(storeName);
        const request = recordKey === null ? records.count() : records.get(recordKey);
        return await new Promise<unknown>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result ?? null);
          request.onerror = () => reject(new Error(`cannot read ${storeName}`));
        });
      } finally {
        database.close();
      }
    },
    [DEVICE_DB, store, key ?? null] as const,
  ) as Promise<T | null>;
}

/** This user's copy of the assessment on the device (when it was taken), or null. */
export function readDeviceCopy(
  page: Page,
  userId: number,
  assessmentId: number,
): Promise<{ savedAt: string } | null> {
  return readDeviceStore(page, 'copies', `${userId}:assessment:${assessmentId}`);
}

/** Waits until the device holds this user's copy of the assessment (opening it online stores it). */
export async function waitForDeviceCopy(page: Page, userId: number, assessmentId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await readDeviceCopy(page, userId, assessmentId)) === null) {
    if (Date.now() > deadline)
      throw new Error(`no copy of assessment ${assessmentId} on the device after 30 s`);
    await page.waitForTimeout(200);
  }
}

/** How many writes wait in the device's queue (all users). */
export async function queuedWrites(page: Page): Promise<number> {
  return (await readDeviceStore<number>(page, 'queue')) ?? 0;
}

/** The conflict view. */
export const conflictDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Changed by someone else' });

/** The "Not saved" alert. */
export const notSavedAlert = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: 'The server refused these changes:' });
