import { LAZY_SCREEN_TIMEOUT_MS } from '@portal/domain';
import { type ComponentType, createElement, lazy, useState } from 'react';

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
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = LAZY_SCREEN_TIMEOUT_MS): Promise<T> {
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

/** A code-split screen: a component whose chunk loads on first render, or ahead of it with `preload`. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts loading the screen's chunk now; the render that follows uses the same load. */
  preload(): void;
};

/**
 * React.lazy for a page module's named export, with the chunk time-out. The render and `preload`
 * share one load; a failed load is forgotten, so the next attempt fetches again. `next` are the
 * screens this one links to: they are fetched once it has loaded and the browser is idle, so
 * following a link does not leave this screen on show (and typed into) while their chunk loads.
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
  next: readonly { preload(): void }[] = [],
): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => {
    loading ??= withChunkTimeout(load).then(
      (module) => {
        loaded = module[name];
        if (next.length > 0) preloadWhenIdle(next);
        return { default: module[name] };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  // A chunk that is already here renders at once. React.lazy would suspend on its first render all
  // the same, show the fallback, and then hold the screen back for React's fallback throttle
  // (300 ms). Chosen once per mount, so a screen never changes component type while shown.
  function Page(props: P) {
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Screen, props);
  }
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, { preload: () => void loadOnce().catch(() => undefined) });
}

/** Fetches the given screens once the browser is idle. */
function preloadWhenIdle(pages: readonly { preload(): void }[]): void {
  const run = () => {
    for (const page of pages) page.preload();
  };
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(run);
  else setTimeout(run, 0);
}
