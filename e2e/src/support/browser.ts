import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Every demo account's password (hasura/seeds/default/10_users.sql). */
export const DEMO_PASSWORD = 'Demo-pass-1';

/**
 * Debian's Chromium (TOOLCHAIN.md): `CHROMIUM_PATH` when set, else Debian's headless shell (the
 * old headless mode, as Playwright runs headless: a sixth to a third less time per journey than
 * the full browser; docs/testing.md), else the real binary behind Debian's wrapper script (no
 * wrapper warning), else the wrapper. Throws how to install it.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
  ];
  const found = candidates.find((file): file is string => Boolean(file) && existsSync(file as string));
  if (!found) {
    throw new Error(
      'The browser tests need Chromium, and none was found (looked at $CHROMIUM_PATH, ' +
        "/usr/lib/chromium/chromium-headless-shell, /usr/lib/chromium/chromium, /usr/bin/chromium). Install Debian's: `apt-get install -y chromium-headless-shell chromium` " +
        '(.ci/run does this on CI), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return found;
}

/** The flags every Chromium of the tests runs with: headless, and off the (closed) network. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Headless Chromium with the flags that keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
}

/**
 * How long an action or wait may take before it fails: the bound of a wait for the right state,
 * not a pause. 8 s held until the machines grew slower (2026-11-30: the same commit's journeys
 * took twice as long as the day before, on CI and here): a first screen after sign-in beside the
 * README test's build and two other journeys then took 8 to 10 s, and failed journeys that were
 * right. A journey that passes waits no longer for it.
 */
export const ACTION_TIMEOUT_MS = 15_000;

/**
 * How long a whole screen may take to appear after a navigation or a reload: its scripts, its
 * queries and its first render, on a 2-core machine that also runs two other journeys and the
 * screens' tests (CI once took more than 15 s to reload a survey's assessment screen). The bound
 * of a wait, not a pause.
 */
export const SCREEN_LOAD_TIMEOUT_MS = 30_000;

/** A desktop window: the app's layout at the width most of our users have. */
export const DESKTOP = { width: 1280, height: 860 } as const;

/** Console errors that report something the Content-Security-Policy blocked. */
export const CSP_VIOLATION = /^CSP violation: |Content Security Policy/;

/** A fresh, isolated browser profile (cookies, storage) on the stack's origin. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, ...CONTEXT_OPTIONS });
  await prepareContext(context);
  return context;
}

/**
 * The place and language of every test's browser, which asks for reduced motion (as the app
 * honours): dialogs, menus and toasts appear at once instead of after a transition's frames.
 */
export const CONTEXT_OPTIONS = {
  locale: 'en-AU',
  timezoneId: 'Australia/Sydney',
  reducedMotion: 'reduce',
} as const;

/**
 * What every test's browser context gets, however it was made (`newContext`, or a persistent
 * profile in `persistent-browser.ts`): the action time-out, the optional script delay, and the
 * Content-Security-Policy violations reported as console errors.
 */
export async function prepareContext(context: BrowserContext): Promise<void> {
  // Well inside a test's time-out, so a missing element fails with Playwright's own message.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  if (CHUNK_DELAY_MS > 0) await delayScripts(context, CHUNK_DELAY_MS);
  // Whatever the gateway's Content-Security-Policy blocks is reported as a console error, which
  // the suite turns into a failed test (Chromium's own "Refused to …" lines count too).
  await context.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline code')));",
  );
}

/** What a test may leave in a site's storage; the caches (service worker, Cache Storage, HTTP) stay. */
const SITE_DATA = 'cookies,local_storage,indexeddb,websql,file_systems,shared_storage,storage_buckets';

/**
 * Clears the app's cookies and site storage (local storage, IndexedDB: the device copies and the
 * offline queue) in `page`'s profile, keeping the service worker and the caches. Call it before
 * the page opens the app.
 */
export async function clearSiteData(page: Page, baseURL: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Storage.clearDataForOrigin', {
      origin: new URL(baseURL).origin,
      storageTypes: SITE_DATA,
    });
  } finally {
    await session.detach();
  }
}

/**
 * Makes a context used by a test fit for the next one: its pages closed, its cookies gone,
 * online again, no routes or permissions of the test's own (the script delay comes back). The
 * site's storage is cleared by `clearSiteData` when the next page opens.
 */
export async function resetContext(context: BrowserContext): Promise<void> {
  for (const open of context.pages()) await open.close();
  await context.clearCookies();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  if (CHUNK_DELAY_MS > 0) await delayScripts(context, CHUNK_DELAY_MS);
  await context.setOffline(false);
  await context.clearPermissions();
}

/**
 * `E2E_CHUNK_DELAY_MS=<ms>` holds every script of the app (the code-split screens too) that long.
 * After a link is followed the address changes at once, but the old screen stays on show until
 * the new screen's chunk has loaded; a step that could also match the old screen (same label,
 * same button, a count it already satisfies) passes or fails by luck on a loaded machine. With a
 * delay such a step fails every time: `E2E_CHUNK_DELAY_MS=1500 npx vitest run e2e`.
 */
const CHUNK_DELAY_MS = Number(process.env.E2E_CHUNK_DELAY_MS ?? 0);

async function delayScripts(context: BrowserContext, ms: number): Promise<void> {
  await context.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have gone meanwhile (test over, context closed).
    await route.continue().catch(() => undefined);
  });
}

/** Where the browser is, without the origin: `/Practice/List?x=1`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Fills and submits the sign-in form at `/Login` (the page must already show it, or `goto` is
 * true) and waits until the app has left the login page. Returns the path it landed on.
 */
export async function signIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, goto = true }: { password?: string; goto?: boolean } = {},
): Promise<string> {
  if (goto) await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'));
  return pathOf(page);
}

/** `signIn` as a user a test made (see `factories.ts`), with that user's password. */
export function signInAs(
  page: Page,
  user: { email: string; password: string },
  options: { goto?: boolean } = {},
): Promise<string> {
  return signIn(page, user.email, { ...options, password: user.password });
}

/**
 * Signs `user` in without the form and opens `path`: the credentials go to `/api/auth/login` from
 * the page's own profile, which then holds the session cookies the form would have left, and the
 * app restores the session from them on opening `path`, as after a reload. For journeys that
 * begin after signing in: the form itself is the sign-in journeys' subject (sign-in.test.ts, the
 * README test), and a form sign-in costs a journey the sign-in page and the landing screen.
 */
export async function openSignedIn(
  page: Page,
  user: { email: string; password?: string },
  path: string,
): Promise<void> {
  const response = await page.context().request.post('/api/auth/login', {
    data: { email: user.email, password: user.password ?? DEMO_PASSWORD },
  });
  if (!response.ok())
    throw new Error(
      `signing in ${user.email} through the API failed: ${response.status()} ${await response.text()}`,
    );
  await page.goto(path);
}

/** Signs out through the account menu in the header and waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/Login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/**
 * Waits for the signed-in frame: the header's account menu naming the user, and the main
 * navigation (fails after the page's default time-out).
 */
export async function waitForAppShell(page: Page, name: string): Promise<void> {
  await page
    .getByRole('button', { name: `Account menu for ${name}` })
    .waitFor({ timeout: SCREEN_LOAD_TIMEOUT_MS });
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}
