import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CONTEXT_OPTIONS,
  CSP_VIOLATION,
  chromiumPath,
  DESKTOP,
  prepareContext,
} from './browser.ts';

/**
 * A Chromium on a profile directory of its own that outlives the browser (the tablet's browser:
 * IndexedDB, the service worker, cookies and caches stay on disk), which a test can kill hard
 * and start again on the same profile. `useE2e()`'s browser keeps nothing between contexts; the
 * journeys that restart the browser use this instead, each with its own profile.
 */
export interface PersistentBrowser {
  /** The profile directory (removed by `dispose()`). */
  readonly profile: string;
  /** The running browser's one context (throws when it is not running). */
  readonly context: BrowserContext;
  /** The page the browser opened with (relative `goto('/…')` works). */
  readonly page: Page;
  /** The process id of the running browser. */
  readonly pid: number;
  /** Uncaught errors and CSP violations of its pages so far, across restarts. */
  readonly pageErrors: string[];
  /** Starts Chromium on the profile (again); the previous one must be gone. */
  launch(): Promise<Page>;
  /**
   * Kills the browser with SIGKILL, every process of it at once, as a flat battery or a crashed
   * tablet would: nothing is closed politely and nothing gets a chance to flush. Returns when the
   * processes are gone.
   */
  kill(): Promise<void>;
  /**
   * Waits until Chromium has written its cookies to the profile on disk after `since` (epoch ms).
   * Chromium keeps cookie changes in memory and commits them to `Default/Cookies` every 30
   * seconds, or at once when 512 changes are pending: a browser killed sooner loses a cookie set
   * meanwhile (a rotated refresh cookie, say), as a real tablet would. This brings the commit
   * forward (`FLUSH_COOKIES` changes on a domain nobody visits, then removed); were Chromium to
   * stop committing early, the wait would still end at the 30 s commit.
   */
  waitForCookiesOnDisk(since: number): Promise<void>;
  /** Closes the browser politely (if it runs) and removes the profile. */
  dispose(): Promise<void>;
}

/** Cookie changes that make Chromium commit its cookie store at once (its batch size is 512). */
const FLUSH_COOKIES = 600;
/** A domain that no page of the tests visits (`.invalid` never resolves). */
const FLUSH_DOMAIN = 'cookie-flush.invalid';

/**
 * A persistent-profile Chromium with the same flags, place, language, time-out and CSP watch as
 * every test's browser (`browser.ts`), on a new profile directory. Call `launch()` to start it.
 */
export function persistentBrowser(
  baseURL: string,
  { viewport = DESKTOP }: { viewport?: { width: number; height: number } } = {},
): PersistentBrowser {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
  const pageErrors: string[] = [];
  let running: { context: BrowserContext; page: Page; pid: number } | null = null;

  const watch = (page: Page) => {
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && CSP_VIOLATION.test(message.text()))
        pageErrors.push(`${page.url()}: ${message.text()}`);
    });
  };

  const need = () => {
    if (!running) throw new Error('the persistent browser is not running (launch() it first)');
    return running;
  };

  const browser: PersistentBrowser = {
    profile,
    pageErrors,
    get context() {
      return need().context;
    },
    get page() {
      return need().page;
    },
    get pid() {
      return need().pid;
    },
    async launch() {
      if (running) throw new Error('the persistent browser is already running');
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: chromiumPath(),
        args: [...CHROMIUM_ARGS],
        baseURL,
        viewport,
        ...CONTEXT_OPTIONS,
      });
      await prepareContext(context);
      context.on('page', watch);
      const page = context.pages()[0] ?? (await context.newPage());
      watch(page);
      running = { context, page, pid: browserProcessOf(profile) };
      return page;
    },
    async kill() {
      const { context, pid } = need();
      const closed = new Promise<void>((resolve) => context.once('close', () => resolve()));
      // Playwright starts Chromium as the leader of its own process group: the group is the
      // browser with its renderers, GPU and network processes, all killed in the same instant.
      const group = processGroupOf(pid);
      process.kill(group === pid ? -pid : pid, 'SIGKILL');
      await waitUntil(() => !existsSync(`/proc/${pid}`) || isZombie(pid), `browser ${pid} to die`);
      await closed;
      running = null;
    },
    async waitForCookiesOnDisk(since) {
      const file = path.join(profile, 'Default', 'Cookies');
      const { context } = need();
      const expires = Math.floor(Date.now() / 1000) + 3600;
      await context.addCookies(
        Array.from({ length: FLUSH_COOKIES }, (_, index) => ({
          name: `flush${index}`,
          value: '1',
          domain: FLUSH_DOMAIN,
          path: '/',
          expires,
        })),
      );
      await waitUntil(
        () => existsSync(file) && statSync(file).mtimeMs >= since,
        'Chromium to write its cookies to disk',
        60_000,
        100,
      );
      await context.clearCookies({ domain: FLUSH_DOMAIN });
    },
    async dispose() {
      if (running) await running.context.close().catch(() => undefined);
      running = null;
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return browser;
}

/** The main Chromium process of the profile: the one with `--user-data-dir=<profile>` and no `--type=`. */
function browserProcessOf(profile: string): number {
  const flag = `--user-data-dir=${profile}`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (args.includes(flag) && !args.some((arg) => arg.startsWith('--type='))) return Number(entry);
  }
  throw new Error(`no Chromium process runs on the profile ${profile}`);
}

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function processGroupOf(pid: number): number {
  return Number(statFields(pid)[2]);
}

function isZombie(pid: number): boolean {
  try {
    return statFields(pid)[0] === 'Z';
  } catch {
    return true;
  }
}

async function waitUntil(done: () => boolean, what: string, timeoutMs = 8_000, everyMs = 25): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
