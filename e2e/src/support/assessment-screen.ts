import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { openSignedIn, SCREEN_LOAD_TIMEOUT_MS, waitForAppShell } from './browser.ts';

/**
 * Finding things on the assessment screen as a user does (spec 001 §2): the filter tabs by their
 * label and count, the indicator sets and indicators as accordion buttons whose names start with
 * their codes, an open indicator's region, and its save state.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens `path` signed in as the user (`openSignedIn`) and waits for the shell naming them. */
export async function signInTo(
  page: Page,
  user: { email: string; password: string; name: string },
  path: string,
): Promise<void> {
  await openSignedIn(page, user, path);
  await waitForAppShell(page, user.name);
}

/**
 * Waits for the assessment screen itself (its filter tabs), not the tab or skeleton before it:
 * after a navigation or a reload, so it may take `SCREEN_LOAD_TIMEOUT_MS`.
 */
export async function waitForAssessmentScreen(page: Page): Promise<void> {
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor({ timeout: SCREEN_LOAD_TIMEOUT_MS });
}

/** A filter tab, e.g. 'Marked complete' (its name is the label and the count: 'Marked complete 1'). */
export const filterTab = (page: Page, label: string): Locator =>
  page
    .getByRole('tablist', { name: 'Filter indicators' })
    .getByRole('tab', { name: new RegExp(`^${escapeRegExp(label)} \\d+$`) });

/** The count a filter tab shows. */
export async function tabCount(page: Page, label: string): Promise<number> {
  const text = (await filterTab(page, label).textContent()) ?? '';
  const match = /(\d+)\s*$/.exec(text);
  if (!match) throw new Error(`the tab '${label}' shows no count: '${text}'`);
  return Number(match[1]);
}

/** The line that says how many indicators the tab shows: '2 of 4 indicators'. */
export const shownCount = (page: Page): Locator => page.getByText(/^\d+ of \d+ indicators$/);

/** The accordion button of an indicator set, by its code ('C1'). */
export const setButton = (page: Page, code: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(code)} `) });

/** The accordion button of an indicator, by its code ('C1.2'). */
export const indicatorButton = (page: Page, code: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(code)} `) });

/** An open indicator's panel (its region is named by its button). */
export const indicatorPanel = (page: Page, code: string): Locator =>
  page.getByRole('region', { name: new RegExp(`^${escapeRegExp(code)} `) });

/** Expands the indicator's set (unless open) and the indicator, and waits for its panel. */
export async function openIndicator(page: Page, code: string): Promise<Locator> {
  const set = setButton(page, code.split('.')[0]!);
  if ((await set.getAttribute('aria-expanded')) !== 'true') await set.click();
  const indicator = indicatorButton(page, code);
  if ((await indicator.getAttribute('aria-expanded')) !== 'true') await indicator.click();
  const panel = indicatorPanel(page, code);
  await panel.getByRole('textbox', { name: 'Opportunities for improvement' }).waitFor();
  return panel;
}

/**
 * Records every save state ('Unsaved changes', 'Saving…', 'Saved', 'Not saved yet: retrying')
 * each indicator shows, by its code, on every page of the context from now on. 'Saved' shows for
 * only 500 ms (spec 001 §4), shorter than a wait may poll on a busy machine; a MutationObserver
 * sees every change, so `waitForSaveState` never misses one. (Page scripts are strings here: the
 * e2e workspace is type-checked without the DOM's types.)
 */
export async function recordSaveStates(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const seen = (window.__saveStates = {});
    const scan = () => {
      for (const live of document.querySelectorAll('button [aria-live="polite"]')) {
        const text = (live.textContent || '').trim();
        // The indicator's code is the first badge of its accordion button.
        const badge = live.closest('button').querySelector('.mantine-Badge-root');
        const code = badge && (badge.textContent || '').trim();
        if (!text || !code) continue;
        const states = (seen[code] = seen[code] || []);
        if (states[states.length - 1] !== text) states.push(text);
      }
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** Waits until the indicator has shown `state` since `recordSaveStates` (or `clearSaveStates`). */
export async function waitForSaveState(
  page: Page,
  code: string,
  state: string,
  timeout = 8_000,
): Promise<void> {
  // A function, not a string: the page's Content-Security-Policy forbids eval, which a string needs.
  await page.waitForFunction(
    ([c, s]) =>
      ((globalThis as unknown as { __saveStates: Record<string, string[]> }).__saveStates[c] ?? []).includes(
        s,
      ),
    [code, state] as const,
    { timeout },
  );
}

/** The save states the indicator has shown, in order. */
export async function saveStates(page: Page, code: string): Promise<string[]> {
  return (await page.evaluate(`window.__saveStates[${JSON.stringify(code)}] || []`)) as string[];
}

/** Forgets the save states seen so far (before the next edit). */
export async function clearSaveStates(page: Page): Promise<void> {
  await page.evaluate('for (const key of Object.keys(window.__saveStates)) delete window.__saveStates[key]');
}

/**
 * Holds the page's saves of a response (`UpdateIndicatorResponse`) on their way to the server,
 * each until the test continues or aborts it; every other GraphQL request goes through. `next()`
 * gives the next save held; `stop()` lets the later ones through (handle the held ones first).
 */
export async function holdSaves(page: Page): Promise<{ next(): Promise<Route>; stop(): Promise<void> }> {
  const held: Route[] = [];
  const waiting: ((route: Route) => void)[] = [];
  await page.route('**/v1/graphql', async (route) => {
    if (!route.request().postData()?.includes('UpdateIndicatorResponse')) return route.continue();
    const waiter = waiting.shift();
    if (waiter) waiter(route);
    else held.push(route);
  });
  return {
    next: () => {
      const route = held.shift();
      return route ? Promise.resolve(route) : new Promise<Route>((resolve) => waiting.push(resolve));
    },
    stop: () => page.unroute('**/v1/graphql'),
  };
}
