import { type ComponentType, lazy } from 'react';

/** How long a code-split screen may take to load before we give up (spec 000 §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_FAILED = 'Loading chunk failed';

/** Whether an error is a failed (or timed-out) load of a code-split screen. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message === CHUNK_LOAD_FAILED ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  );
}

/** Wraps a dynamic import: a failure or a load over the time-out becomes 'Loading chunk failed'. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_LOAD_FAILED)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new Error(CHUNK_LOAD_FAILED, { cause: error }));
      },
    );
  });
}

/** React.lazy for a page module's named export, with the chunk time-out. */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
) {
  return lazy(() => withChunkTimeout(load).then((module) => ({ default: module[name] })));
}
