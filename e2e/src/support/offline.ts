import type { Locator, Page } from 'playwright-core';

/**
 * Survey capture offline (issue 19) as a browser test sees it: the connection banner, the
 * device's IndexedDB (read in the page, as the app stores it), the conflict view and the
 * "Not saved" list. The words are the offline UI contract's.
 */

/**
 * Waits until the production build's service worker is active, then reloads (online) so the page
 * is controlled by it: from then on every screen's code comes from its cache, as on a tablet that
 * opened the portal before (the worker never claims a page by itself).
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  await page.waitForFunction(() => {
    const g = globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } };
    return g.navigator.serviceWorker.controller !== null;
  });
}

/** The app's IndexedDB database (web/src/lib/offline/device-store.ts). */
export const DEVICE_DB = 'accreditation-portal';

/** The assessment screen's connection banner (a status region named "Connection"). */
export const connectionBanner = (page: Page): Locator => page.getByRole('status', { name: 'Connection' });

/** Waits until the device holds this user's copy of the assessment (opening it online stores it). */
export async function waitForDeviceCopy(page: Page, userId: number, assessmentId: number): Promise<void> {
  await page.waitForFunction(
    async ([db, key]) => {
      const g = globalThis as unknown as {
        indexedDB: { open(name: string): { result: unknown; onsuccess: unknown; onerror: unknown } };
      };
      const open = g.indexedDB.open(db);
      const database = await new Promise<{
        transaction(s: string): {
          objectStore(s: string): { get(k: string): { result: unknown; onsuccess: unknown } };
        };
        close(): void;
        objectStoreNames: { contains(s: string): boolean };
      }>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result as never);
        open.onerror = () => reject(new Error('cannot open'));
      });
      try {
        if (!database.objectStoreNames.contains('copies')) return false;
        const request = database.transaction('copies').objectStore('copies').get(key);
        return await new Promise<boolean>((resolve) => {
          request.onsuccess = () => resolve(request.result !== undefined);
        });
      } finally {
        database.close();
      }
    },
    [DEVICE_DB, `${userId}:assessment:${assessmentId}`] as const,
    { polling: 200 },
  );
}

/** How many writes wait in the device's queue (all users). */
export async function queuedWrites(page: Page): Promise<number> {
  return page.evaluate(async (db) => {
    const g = globalThis as unknown as {
      indexedDB: { open(name: string): { result: unknown; onsuccess: unknown; onerror: unknown } };
    };
    const open = g.indexedDB.open(db);
    const database = await new Promise<{
      transaction(s: string): { objectStore(s: string): { count(): { result: number; onsuccess: unknown } } };
      close(): void;
    }>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result as never);
      open.onerror = () => reject(new Error('cannot open'));
    });
    try {
      const request = database.transaction('queue').objectStore('queue').count();
      return await new Promise<number>((resolve) => {
        request.onsuccess = () => resolve(request.result);
      });
    } finally {
      database.close();
    }
  }, DEVICE_DB);
}

/** The conflict view. */
export const conflictDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Changed by someone else' });

/** The "Not saved" alert. */
export const notSavedAlert = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: 'The server refused these changes:' });
