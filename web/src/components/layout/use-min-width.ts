import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * Whether the window is at least `px` wide, kept current on resize. Read from `innerWidth`, the
 * same width CSS media queries use, and right on the first render (no flash of the other layout).
 */
export function useMinWidth(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth >= px,
    () => true,
  );
}
