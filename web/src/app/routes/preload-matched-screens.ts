import type { ReactElement } from 'react';
import type { DataRouter } from 'react-router';

/**
 * Starts loading every code-split screen the first address needs, all at once: a deep link into
 * the assessment screen needs the app layout, the practice overview and the assessment page. Left
 * to rendering, each would be asked for only once the one around it had loaded and rendered, and
 * each would show the fallback first (see `lazyPage`).
 */
export function preloadMatchedScreens(router: DataRouter): void {
  for (const match of router.state.matches) {
    const screen = (match.route.element as ReactElement | undefined)?.type as
      | { preload?: () => void }
      | undefined;
    screen?.preload?.();
  }
}
