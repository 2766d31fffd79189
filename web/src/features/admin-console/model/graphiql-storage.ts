/**
 * Where the console's GraphiQL keeps its tabs, history and variables: the tab's sessionStorage,
 * not localStorage (graphiql's default), so nothing an admin typed outlives the browser session
 * on a shared machine (review F7). The shape is the one graphiql's `storage` prop takes; keys are
 * graphiql's own (`graphiql:…`), and `length`/`clear` count and clear only those.
 */
export interface GraphiQLStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
  readonly length: number;
}

export const GRAPHIQL_KEY_PREFIX = 'graphiql:';

function keysOf(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(GRAPHIQL_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

function browserStore(name: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return globalThis[name] ?? null;
  } catch {
    // Storage refused (private mode, a sandboxed frame).
    return null;
  }
}

/** GraphiQL's storage on `store` (default: sessionStorage); with no storage, it keeps nothing. */
export function graphiqlSessionStorage(
  store: Storage | null = browserStore('sessionStorage'),
): GraphiQLStorage {
  return {
    getItem: (key) => {
      try {
        return store?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    // A refusal (quota, private mode) reaches graphiql, which reports it as it would for localStorage.
    setItem: (key, value) => store?.setItem(key, value),
    removeItem: (key) => store?.removeItem(key),
    clear: () => {
      if (store) for (const key of keysOf(store)) store.removeItem(key);
    },
    get length() {
      return store ? keysOf(store).length : 0;
    },
  };
}

/** Removes what an earlier console left in localStorage (graphiql's default before this fix). */
export function forgetGraphiQLLocalStorage(store: Storage | null = browserStore('localStorage')): void {
  try {
    if (store) for (const key of keysOf(store)) store.removeItem(key);
  } catch {
    // Nothing to forget when storage is refused.
  }
}
