import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { timedSetup } from '@portal/devdb/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { expectAccessible } from './axe.ts';
import {
  CSP_VIOLATION,
  clearSiteData,
  DESKTOP,
  launchBrowser,
  newContext,
  pathOf,
  resetContext,
} from './browser.ts';
import { type E2eStack, type E2eStackOptions, startE2eStack } from './stack.ts';

/** Failed tests leave a screenshot here (ignored by git). */
export const FAILURE_DIR = path.resolve(import.meta.dirname, '../../screenshots/failures');

export interface E2e {
  /** The running product (started once for the file). */
  readonly stack: E2eStack;
  /** One Chromium for the file. */
  readonly browser: Browser;
  /**
   * This test's browser profile: no cookies and no site storage at its start. The file's tests
   * share one (see `E2eOptions.contextPerTest`), each starting with its storage cleared.
   */
  readonly context: BrowserContext;
  /** A page in `context`; relative `goto('/Login')` works. */
  readonly page: Page;
  /**
   * A page in another isolated profile, e.g. a second user or a narrow window: no cookies and no
   * site storage at first, its own from then on (the profile is kept for the file's next tests
   * as `context` is, and its page closed after the test).
   */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Uncaught errors of this test's pages so far; any left at the end fail the test. */
  readonly pageErrors: string[];
}

/**
 * How long one journey may take. Vitest's 30 s suits the other files; a journey signs in, walks
 * several screens and checks each with axe, and beside other files on two cores it has taken up
 * to 55 s. A file that needs longer still says so on its describe.
 */
export const JOURNEY_TIMEOUT_MS = 90_000;

export const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

/**
 * Leaves `e2e/screenshots/failures/<name>.png` (then `<name>-1.png`, …) of each page of a failed
 * test that is still open, and says where.
 */
export async function screenshotFailedTest(
  name: string,
  pages: ReadonlyArray<Page | undefined>,
): Promise<void> {
  mkdirSync(FAILURE_DIR, { recursive: true });
  for (const [index, open] of pages.entries()) {
    if (!open || open.isClosed()) continue;
    const file = path.join(FAILURE_DIR, `${name}${index ? `-${index}` : ''}.png`);
    await open.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.error(`screenshot of the failed test: ${file} (at ${open.url()})`);
  }
}

export interface E2eOptions {
  /** A stack of the file's own with other settings (e.g. a short access token lifetime). */
  stack?: E2eStackOptions;
  /** A stack of the file's own with the usual settings: the file changes it (its served build). */
  ownStack?: boolean;
  /**
   * A new browser profile for every test instead of one per file. For files that test what a
   * first visit does (the service worker installing, the precache, the device copy) or change the
   * context in ways `resetContext` cannot undo (WebSocket routes).
   */
  contextPerTest?: boolean;
}

/**
 * This worker's stack and Chromium, shared by the browser test files it runs one after another
 * (the `browser` project of vitest.config.ts runs without isolation, so this module and what it
 * holds outlive a file). Started by the worker's first file, in parallel; never stopped by a file:
 * they end with the worker (the services get SIGTERM when it goes, Chromium sees its pipe close,
 * and the database and files go with the run's cluster and directory). Each file still makes its
 * own data and each test gets its own browser context (docs/testing.md: a stack per file cost 5 to
 * 10 s of two busy cores, 34 times a run).
 */
let workerStack: Promise<E2eStack> | undefined;
let workerBrowser: Promise<Browser> | undefined;

function sharedStack(): Promise<E2eStack> {
  workerStack ??= timedSetup('stack', () => startE2eStack());
  return workerStack;
}

function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= timedSetup('browser', launchBrowser);
  return workerBrowser;
}

/**
 * Registers the hooks of a browser test file and returns the handle its tests use: the worker's
 * stack and Chromium (started by its first browser test file, in parallel; see `sharedStack`),
 * one browser context for the file (or one per test: `options.contextPerTest`) and a new page for
 * each test. A test starts with no cookies and no site storage; the service worker, its precache
 * and the HTTP cache stay from one test to the next, as they do for a person who signs out and
 * another signs in on the same computer (a fresh profile per test downloaded the whole precache
 * and compiled every script again each time; docs/testing.md). A file that asks for a stack of its
 * own (`options.stack`, `options.ownStack`) starts one and stops it after its tests. A failing test
 * leaves `e2e/screenshots/failures/<file>--<test>.png` and prints the services' recent log lines;
 * an uncaught page error fails the test. After a test that passed, every page still open is checked
 * with axe (`expectAccessible`), so the last screen of every journey is checked, unless it is still
 * exactly the screen (address, focus, document) of a whole check that passed. Every test of the
 * file may take `JOURNEY_TIMEOUT_MS`.
 */
export function useE2e(options: E2eOptions = {}): E2e {
  // Before the file's tests are collected, so each takes this as its default.
  vi.setConfig({ testTimeout: JOURNEY_TIMEOUT_MS });
  let stack: E2eStack | undefined;
  let browser: Browser | undefined;
  // The file's browser profiles, kept from one test to the next: the first is the test's
  // `context`, the others `newPage`'s, in the order a test asks for them (none with
  // `contextPerTest`). A profile that cannot be reset is closed and made anew when next needed.
  const kept: Array<BrowserContext | undefined> = [];
  // This test's profiles, `context` first: its end resets the kept ones and closes the others.
  const used: BrowserContext[] = [];
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  const consoleLines: string[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside a test`);
    return value;
  };

  const watch = (target: Page) => {
    target.on('pageerror', (error) => pageErrors.push(`${target.url()}: ${error.stack ?? error.message}`));
    target.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        consoleLines.push(`[${message.type()}] ${message.text()}`);
      // The app must work under the gateway's Content-Security-Policy: a violation fails the test.
      if (message.type() === 'error' && CSP_VIOLATION.test(message.text()))
        pageErrors.push(`${target.url()}: ${message.text()}`);
    });
  };

  const own = Boolean(options.stack || options.ownStack);
  beforeAll(async () => {
    const [stackResult, browserResult] = await Promise.allSettled([
      own ? timedSetup('stack', () => startE2eStack(options.stack)) : sharedStack(),
      sharedBrowser(),
    ]);
    if (stackResult.status === 'fulfilled') stack = stackResult.value;
    if (browserResult.status === 'fulfilled') browser = browserResult.value;
    if (stackResult.status === 'rejected') throw stackResult.reason;
    if (browserResult.status === 'rejected') throw browserResult.reason;
  }, 180_000);

  afterAll(async () => {
    for (const profile of kept.splice(0)) await profile?.close();
    if (own) await stack?.stop();
  }, 60_000);

  /** A new page in the test's next profile (a kept one, its site data cleared), at `viewport`. */
  async function openProfile(viewport: { width: number; height: number }): Promise<Page> {
    const b = need(browser, 'browser');
    const { url } = need(stack, 'stack');
    const index = used.length;
    let profile: BrowserContext;
    if (options.contextPerTest) {
      profile = await newContext(b, url, viewport);
    } else {
      kept[index] ??= await newContext(b, url, DESKTOP);
      profile = kept[index];
    }
    used.push(profile);
    const created = await profile.newPage();
    if (!options.contextPerTest) {
      // Before the page opens the app: what an earlier test left on the site is gone.
      await clearSiteData(created, url);
      if (viewport.width !== DESKTOP.width || viewport.height !== DESKTOP.height)
        await created.setViewportSize(viewport);
    }
    watch(created);
    return created;
  }

  beforeEach(async () => {
    if (!stack || !browser) throw new Error('the browser test stack did not start');
    pageErrors.length = 0;
    consoleLines.length = 0;
    page = await openProfile(DESKTOP);
    context = used[0];
  });

  afterEach(async ({ task }) => {
    try {
      const name = `${slug(path.basename(task.file?.name ?? 'e2e'))}--${slug(task.name)}`;
      if (task.result?.state === 'fail') {
        await screenshotFailedTest(name, [page, ...used.slice(1).flatMap((c) => c.pages())]);
        if (consoleLines.length) console.error(`browser console:\n${consoleLines.join('\n')}`);
        console.error(`recent service logs:\n${stack?.logs().split('\n').slice(-60).join('\n')}`);
      } else {
        if (pageErrors.length) throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n')}`);
        // Every journey's last screen, in each window the test left open.
        for (const [index, open] of [page, ...used.slice(1).flatMap((c) => c.pages())].entries()) {
          if (!open || open.isClosed() || !open.url().startsWith('http')) continue;
          await expectAccessible(open, `the last screen of "${task.name}" (${pathOf(open)})`, {
            unlessChecked: true,
          }).catch(async (error: unknown) => {
            mkdirSync(FAILURE_DIR, { recursive: true });
            const file = path.join(FAILURE_DIR, `${name}-axe${index ? `-${index}` : ''}.png`);
            await open.screenshot({ path: file, fullPage: true }).catch(() => {});
            console.error(`screenshot of the screen that failed the accessibility check: ${file}`);
            throw error;
          });
        }
        // The check runs in the pages: a CSP violation caused by it would show here.
        if (pageErrors.length) throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n')}`);
      }
    } finally {
      for (const profile of used.splice(0)) {
        const index = kept.indexOf(profile);
        if (index < 0) {
          await profile.close();
          continue;
        }
        // The next test gets the same profile as new, but for the caches (`resetContext`).
        await resetContext(profile).catch(async (error: unknown) => {
          console.error(
            `could not reset a browser profile of the file, the next test gets a new one: ${error}`,
          );
          kept[index] = undefined;
          await profile.close().catch(() => undefined);
        });
      }
      context = undefined;
      page = undefined;
    }
  });

  return {
    get stack() {
      return need(stack, 'stack');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'context');
    },
    get page() {
      return need(page, 'page');
    },
    pageErrors,
    newPage(viewport = DESKTOP) {
      if (!used.length) throw new Error('newPage is only available inside a test');
      return openProfile(viewport);
    },
  };
}
