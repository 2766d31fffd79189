import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, NodeResult, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's browser build. It is evaluated in the page through the DevTools protocol
 * (`page.evaluate`), which the gateway's Content-Security-Policy does not govern; a `<script>`
 * tag with it inline (`addScriptTag({ content })`) would be refused by `script-src 'self'`.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Impacts that fail a test; minor and moderate ones are not reported. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** How many target selectors of a rule the failure message lists. */
const TARGETS_SHOWN = 3;

/** A part of the page left out of the check, and why (the reason is required). */
export interface AxeExclusion {
  /** A CSS selector of the part left out. */
  selector: string;
  /** Why this part is not checked here (e.g. "a third-party widget, checked in …"). */
  reason: string;
}

export interface AccessibleOptions {
  /** Parts of the page not checked on this screen, each with its reason. */
  exclude?: AxeExclusion[];
  /**
   * Skip the check when the page is in the very state (address, focus, document) in which its
   * last whole check passed: a journey's last screen is often the one it has just checked.
   */
  unlessChecked?: boolean;
}

/**
 * Waits until the page is still: two animation frames, then every running animation or CSS
 * transition with an end (a modal fading in, a toast sliding in). Endless ones (loaders) are
 * left running. Colour contrast read halfway through a fade would be wrong.
 */
const SETTLE = `(async () => {
  const frame = () => new Promise((done) => { requestAnimationFrame(() => done()); setTimeout(done, 100); });
  await frame();
  await frame();
  const finite = document.getAnimations().filter((animation) =>
    animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
  await Promise.race([
    Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
    new Promise((done) => setTimeout(done, 2000)),
  ]);
})()`;

async function settle(page: Page): Promise<void> {
  await page.evaluate(SETTLE);
}

/**
 * What axe's answer depends on, as one hash: the address, the element with the focus and the
 * whole document (every element, attribute, inline style and style element).
 * Two equal hashes are the same screen in the same state.
 */
const PAGE_STATE = `(() => {
  const focus = [];
  for (let at = document.activeElement; at && at !== document.documentElement; at = at.parentElement)
    focus.push(at.tagName + ':' + Array.prototype.indexOf.call(at.parentElement ? at.parentElement.children : [], at));
  const text = location.href + '\\n' + focus.join('/') + '\\n' + document.documentElement.outerHTML;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return text.length + ':' + (hash >>> 0).toString(16);
})()`;

/** The state of each page at its last whole check that passed (no part left out). */
const passedStates = new WeakMap<Page, string>();

/** Runs axe (the WCAG A/AA rules, or only `rules`) on the page as it is and returns its violations. */
async function runAxe(page: Page, exclude: string[], rules?: string[]): Promise<Result[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) {
    await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  }
  const context = exclude.length
    ? JSON.stringify({ exclude: exclude.map((selector) => [selector]) })
    : 'document';
  const options = JSON.stringify({
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
    // axe scrolls to read colours under elements; the journey goes on from where it was.
    restoreScroll: true,
  });
  const results = await page.evaluate<Pick<AxeResults, 'violations'>>(
    `window.axe.run(${context}, ${options}).then((results) => ({ violations: results.violations }))`,
  );
  return results.violations;
}

const failing = (violations: Result[]) => violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));

const selectorOf = (node: NodeResult) => node.target.map((part) => String(part)).join(' >>> ');

/** One block per rule: id, impact, help, the first targets, and what the first one lacks. */
export function describeViolations(screenName: string, violations: Result[]): string {
  const lines = [`${screenName}: ${violations.length} serious or critical accessibility violation(s) (axe)`];
  for (const violation of violations) {
    const targets = violation.nodes.slice(0, TARGETS_SHOWN).map(selectorOf);
    const more = violation.nodes.length - targets.length;
    lines.push(`- ${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]`);
    lines.push(`    at ${targets.join(' | ')}${more > 0 ? ` (and ${more} more)` : ''}`);
    const summary = violation.nodes[0]?.failureSummary?.replace(/\s*\n\s*/g, ' ').trim();
    if (summary) lines.push(`    ${summary}`);
  }
  return lines.join('\n');
}

/**
 * Checks the page as it is now with axe-core (WCAG 2.0/2.1 A and AA) and fails, naming the
 * screen, on any serious or critical violation. `exclude` leaves parts out, each with a reason.
 * Each check is read on a still page; a violation is confirmed by a second read once the page has
 * settled again (a toast or a fade that started during the first read is not what a person sees).
 */
export async function expectAccessible(
  page: Page,
  screenName: string,
  options: AccessibleOptions = {},
): Promise<void> {
  const exclude = options.exclude ?? [];
  for (const { selector, reason } of exclude) {
    if (!selector.trim() || !reason.trim())
      throw new Error(`expectAccessible(${screenName}): every exclusion needs a selector and a reason`);
  }
  const selectors = exclude.map((part) => part.selector);
  await settle(page);
  const state = await page.evaluate<string>(PAGE_STATE);
  if (options.unlessChecked && passedStates.get(page) === state) return;
  let found = failing(await runAxe(page, selectors));
  if (found.length) {
    await settle(page);
    found = failing(
      await runAxe(
        page,
        selectors,
        found.map((v) => v.id),
      ),
    );
  }
  if (found.length) throw new Error(describeViolations(screenName, found));
  if (!selectors.length) passedStates.set(page, state);
  else passedStates.delete(page);
}
