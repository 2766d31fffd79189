import { foldOfflineWrite, type TOfflineWrite } from '@portal/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The app's one IndexedDB database (through `idb`): copies of what a surveyor needs offline
 * (an assessment and its practice, keyed by user, so a different user on the same tablet never
 * sees them), the queue of edits made without a connection (in order, durable across reloads,
 * closed tabs and restarts), and the last signed-in user (an offline start opens as them).
 */
export interface TDeviceCopy<T = unknown> {
  /** `<userId>:<what>` (e.g. `7:assessment:42`). */
  key: string;
  userId: number;
  /** When the copy was taken from the server, ISO. */
  savedAt: string;
  data: T;
}

interface PortalDeviceDb extends DBSchema {
  copies: { key: string; value: TDeviceCopy; indexes: { byUser: number } };
  queue: { key: number; value: TOfflineWrite; indexes: { byUser: number } };
  meta: { key: string; value: { key: string; value: unknown } };
}

export const DEVICE_DB_NAME = 'accreditation-portal';
const DEVICE_DB_VERSION = 1;

let opening: Promise<IDBPDatabase<PortalDeviceDb>> | null = null;

function db(): Promise<IDBPDatabase<PortalDeviceDb>> {
  opening ??= openDB<PortalDeviceDb>(DEVICE_DB_NAME, DEVICE_DB_VERSION, {
    upgrade(database) {
      const copies = database.createObjectStore('copies', { keyPath: 'key' });
      copies.createIndex('byUser', 'userId');
      const queue = database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('byUser', 'userId');
      database.createObjectStore('meta', { keyPath: 'key' });
    },
    blocking() {
      // A newer version of the app wants the database: let it (this tab reopens on next use).
      void opening?.then((open) => open.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Whether this browser has IndexedDB at all (jsdom without fake-indexeddb does not). */
export const hasDeviceStore = () => typeof indexedDB !== 'undefined';

const copyKey = (userId: number, what: string) => `${userId}:${what}`;

// ---- Copies ----

export async function putCopy<T>(userId: number, what: string, data: T, savedAt = new Date()): Promise<void> {
  await (await db()).put('copies', {
    key: copyKey(userId, what),
    userId,
    savedAt: savedAt.toISOString(),
    data,
  });
  notify();
}

export async function getCopy<T>(userId: number, what: string): Promise<TDeviceCopy<T> | undefined> {
  if (!hasDeviceStore()) return undefined;
  return (await (await db()).get('copies', copyKey(userId, what))) as TDeviceCopy<T> | undefined;
}

// ---- The queue ----

/** Every write waiting for this user, in the order made. */
export async function listQueue(userId: number): Promise<TOfflineWrite[]> {
  if (!hasDeviceStore()) return [];
  const rows = await (await db()).getAllFromIndex('queue', 'byUser', userId);
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * Adds a write to the queue (folding it into a waiting write with the same target), in one
 * transaction; resolves once it is on disk (the screen may say "saved offline" then).
 */
export async function enqueueWrite(write: TOfflineWrite): Promise<void> {
  const database = await db();
  const tx = database.transaction('queue', 'readwrite');
  const mine = (await tx.store.index('byUser').getAll(write.userId)).sort(
    (a, b) => (a.seq ?? 0) - (b.seq ?? 0),
  );
  const folded = foldOfflineWrite(mine, write);
  const existing = folded.find((w) => w.target === write.target && w.seq !== undefined);
  if (existing) await tx.store.put(existing);
  else {
    // The store numbers it (an explicit `seq: undefined` would be an invalid key).
    const { seq: _none, ...fresh } = write;
    await tx.store.add(fresh as TOfflineWrite);
  }
  await tx.done;
  notify();
}

/** A write is done with (sent, already there, refused and listed, or dropped by "Keep theirs"). */
export async function removeQueued(seq: number): Promise<void> {
  await (await db()).delete('queue', seq);
  notify();
}

/** A waiting write gets a new base (after "Keep mine": the server's value the user overrode). */
export async function rebaseQueued(seq: number, base: unknown): Promise<void> {
  const database = await db();
  const tx = database.transaction('queue', 'readwrite');
  const row = await tx.store.get(seq);
  if (row) await tx.store.put({ ...row, base });
  await tx.done;
  notify();
}

// ---- The user an offline start opens as ----

export async function rememberDeviceUser<T>(user: T): Promise<void> {
  if (!hasDeviceStore()) return;
  await (await db()).put('meta', { key: 'user', value: user });
}

export async function deviceUser<T>(): Promise<T | undefined> {
  if (!hasDeviceStore()) return undefined;
  return (await (await db()).get('meta', 'user'))?.value as T | undefined;
}

/**
 * Sign-out: the user's copies and the remembered user go. A queue still waiting stays (it is
 * sent after the same user signs in again); the answer says how many writes wait.
 */
export async function clearDeviceUser(userId: number): Promise<{ pending: number }> {
  if (!hasDeviceStore()) return { pending: 0 };
  const database = await db();
  const tx = database.transaction(['copies', 'meta', 'queue'], 'readwrite');
  const keys = await tx.objectStore('copies').index('byUser').getAllKeys(userId);
  for (const key of keys) await tx.objectStore('copies').delete(key);
  await tx.objectStore('meta').delete('user');
  const pending = await tx.objectStore('queue').index('byUser').count(userId);
  await tx.done;
  notify();
  return { pending };
}

// ---- Change notices (the banner's count, other screens' copies) ----

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(DEVICE_DB_NAME) : null;
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

function notify() {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

/** Called after any change of the device store, in this tab or another. */
export function onDeviceStoreChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
