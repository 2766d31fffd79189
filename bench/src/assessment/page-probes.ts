/**
 * Scripts the bench runs inside the page. They are strings, not functions: tsx (esbuild) may wrap
 * a function's inner functions in a `__name` helper that does not exist in the page.
 *
 * The screen counts as interactive in the first animation frame (before it is painted) in which
 * the filter tabs' first tab and the first indicator set's header button are both in the page,
 * laid out (non-empty box), not disabled, and not covered by anything else where a click would
 * land (checked with `elementFromPoint` when the element is inside the viewport; one below the
 * fold would be scrolled to by the click). Resolves with `performance.now()` of that frame, which
 * after a full load counts from the navigation's start (and, to tell rendering from anything
 * covering the screen, of the first frame in which both were in the page).
 */
const INTERACTIVE = `new Promise((resolve) => {
  const clickable = (el) => {
    if (!el || el.disabled || el.getAttribute('aria-disabled') === 'true') return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  };
  let present = null;
  const ready = () => {
    const tabs = document.querySelector('[role="tablist"][aria-label="Filter indicators"]');
    const tab = tabs && tabs.querySelector('[role="tab"]');
    const set = document.querySelector('section[aria-label="Indicators"] [id^="indicator-set-"] button');
    if (tab && set && present === null) present = performance.now();
    return clickable(tab) && clickable(set);
  };
  const frame = () => (ready() ? resolve({ interactive: performance.now(), present }) : requestAnimationFrame(frame));
  frame();
})`;

/** In the page's clock: when the screen became interactive, and when both elements were first there. */
export interface InteractiveAt {
  interactive: number;
  present: number;
}

/** Waits in the page until the assessment screen is interactive (resolves with `InteractiveAt`). */
export const waitInteractiveScript = () => INTERACTIVE;

/** A client-side navigation to `path` (as `navigateInAppScript`), without waiting for anything. */
export const goInAppScript = (path: string) => `(() => {
  const idx = (history.state && typeof history.state.idx === 'number' ? history.state.idx : 0) + 1;
  history.pushState({ usr: null, key: 'bench' + idx, idx }, '', ${JSON.stringify(path)});
  dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
})()`;

/**
 * A client-side navigation to `path`, as following a link does (React Router listens to
 * `popstate`; the state carries the index its history expects), then the wait for interactive.
 * Resolves with `{ start, interactive, present }` in the page's clock.
 */
export const navigateInAppScript = (path: string) => `(() => {
  const start = performance.now();
  const idx = (history.state && typeof history.state.idx === 'number' ? history.state.idx : 0) + 1;
  history.pushState({ usr: null, key: 'bench' + idx, idx }, '', ${JSON.stringify(path)});
  dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  return ${INTERACTIVE}.then((at) => ({ start, ...at }));
})()`;

/**
 * Records, in the page's clock, the last `input` event on a textarea (a keystroke that changed
 * it; a capturing listener, so before the app's own handler), per indicator when its save state
 * (the aria-live text in its header) last turned to 'Saved', and how long each keystroke took to
 * the next paint: the `keydown` entries of the Event Timing API (Chromium reports only those of
 * 16 ms or more, in steps of 8 ms), since `typingFrom`.
 */
export const saveWatchScript = `(() => {
  const w = (window.__benchSave = { lastInput: 0, savedAt: {}, typingFrom: Infinity, keys: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === 'keydown' && e.startTime >= w.typingFrom) w.keys.push(e.duration);
  }).observe({ type: 'event', durationThreshold: 16 });
  document.addEventListener('input', (e) => {
    if (e.target && e.target.tagName === 'TEXTAREA') w.lastInput = performance.now();
  }, true);
  const last = {};
  new MutationObserver(() => {
    for (const item of document.querySelectorAll('[id^="indicator-"]:not([id^="indicator-set-"])')) {
      const live = item.querySelector('[aria-live="polite"]');
      const text = live ? live.textContent : '';
      if (text === 'Saved' && last[item.id] !== 'Saved') w.savedAt[item.id] = performance.now();
      last[item.id] = text;
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** Before an edit's typing: forgets when the indicator last showed 'Saved'; keystrokes count from now. */
export const resetSavedScript = (indicatorId: number) =>
  `delete window.__benchSave.savedAt['indicator-${indicatorId}']; window.__benchSave.typingFrom = performance.now()`;

/** The keystroke durations recorded so far (the Event Timing entries of 16 ms or more). */
export const keystrokesScript = 'window.__benchSave.keys';

/** `{ lastInput, savedAt }` once the indicator shows 'Saved' (a wait for `waitForFunction`). */
export const savedShownScript = (indicatorId: number) =>
  `window.__benchSave.savedAt['indicator-${indicatorId}'] !== undefined &&
   { lastInput: window.__benchSave.lastInput, savedAt: window.__benchSave.savedAt['indicator-${indicatorId}'] }`;
