/**
 * Reading a slice of the response store (spec 001 §4): a component subscribes to what it shows
 * (an indicator's text, its header, a set's count, the filter counts), so a change re-renders only
 * the components whose slice changed: a keystroke in one indicator's text re-renders that text.
 */
import { useRef, useSyncExternalStore } from 'react';
import type { ResponseStore } from '../model/response-store.ts';

/**
 * The value `select` reads from the store, kept (the same value, so no render) while `isEqual`
 * says it did not change. `select` is asked again when the store's `version` moved (by default any
 * change; `store.getOutlineVersion` for what reads only the outline: counts, answers) or it is a
 * new function (each render: what it reads from props is current).
 */
export function useResponseSelector<T>(
  store: ResponseStore,
  select: () => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  version: () => number = store.getVersion,
): T {
  const last = useRef<{ version: number; select: () => T; value: T } | null>(null);
  const getSnapshot = (): T => {
    const now = version();
    const held = last.current;
    if (held && held.version === now && held.select === select) return held.value;
    const next = select();
    const value = held && isEqual(held.value, next) ? held.value : next;
    last.current = { version: now, select, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot);
}

/**
 * Re-renders when the store's outline changes (answers, ticks, flags, whether a text is written:
 * what the counts and summaries read), not while text is typed. For the panels that read many
 * indicators in their render (summaries, review and survey checks).
 */
export function useResponseOutline(store: ResponseStore): number {
  return useSyncExternalStore(store.subscribe, store.getOutlineVersion);
}

/** Whether two arrays hold the same values in the same order (a selector's list of counts or ids). */
export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

/** Whether two objects hold the same values under the same keys (a selector's few fields). */
export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
