import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@portal/stack';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openIndicator, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, signIn } from './support/browser.ts';
import { DEMO_ACCOUNT_LANDINGS, expectDemoAccountLanding } from './support/demo-accounts.ts';
import { goOffline, goOnline } from './support/network.ts';
import { controlledByServiceWorker, waitForDeviceCopy } from './support/offline.ts';
import { TABLET, waitForOfflineBanner, waitForWaiting } from './support/offline-journey.ts';
import {
  type CleanCopy,
  makeCleanCopy,
  type ReadmeRun,
  readmePorts,
  runReadmeCommand,
} from './support/readme-run.ts';
import { screenshotFailedTest, slug } from './support/suite.ts';

/**
 * What the README tells a newcomer to run, run as they would, on a clean copy of the
 * repository (no `node_modules/.vite`, no `web/dist`, no `.data`): `npm start` (the production
 * build, made on this first start), then Chromium at the printed URL signing in as every demo
 * account the README lists, then the README's offline steps; then `npm run dev` (Vite's dev server
 * with an empty dependency cache) and a sign-in of each kind of account, and the admin console's GraphiQL, whose
 * editor workers crashed the dev server before. Any service that crashed or restarted fails it.
 */

// A first start migrates, seeds and builds the web app: minutes on two busy cores.
const FIRST_START_MS = 8 * 60_000;
vi.setConfig({ testTimeout: 5 * 60_000 });
/** How long the dev server's very first page may wait for the dependency optimizer. */
const FIRST_DEV_PAGE_MS = 3 * 60_000;

/** The demo accounts the README's table lists, in its order. */
function readmeAccounts(): string[] {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Demo accounts'));
  return [...section.matchAll(/^\| `([^`]+@[^`]+)` \|/gm)].map((match) => match[1]!);
}

const landingOf = (email: string) => {
  const account = DEMO_ACCOUNT_LANDINGS.find((known) => known.email === email);
  if (!account) throw new Error(`the README lists ${email}, whose landing screen this test does not know`);
  return account;
};

let copy: CleanCopy;
let browser: Browser;
let ports: Record<string, string>;

beforeAll(async () => {
  [copy, browser, ports] = await Promise.all([
    Promise.resolve().then(makeCleanCopy),
    launchBrowser(),
    readmePorts(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  copy?.remove();
});

/** Uncaught errors of the pages opened so far: any fails the test that opened the page. */
const pageErrors: string[] = [];
/** The pages the current test opened: a failed test leaves a screenshot of each still open. */
let openPages: Page[] = [];
/** The console errors of the current test's pages, printed when it fails. */
let consoleErrors: string[] = [];
/** The command the current test runs against, whose last lines a failed test prints. */
let current: ReadmeRun | undefined;

afterEach(async ({ task }) => {
  const pages = openPages;
  const errors = consoleErrors;
  openPages = [];
  consoleErrors = [];
  if (task.result?.state !== 'fail') return;
  if (errors.length) console.error(`the browser console's errors:\n${errors.join('\n')}`);
  if (current)
    console.error(`the command's last lines:\n${current.output().split('\n').slice(-40).join('\n')}`);
  await screenshotFailedTest(`readme--${slug(task.name)}`, pages);
});

/** A page of a fresh profile at the run's origin; the caller closes its context. */
async function freshPage(
  run: ReadmeRun,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  current = run;
  const context = await newContext(browser, run.url, viewport);
  const page = await context.newPage();
  openPages.push(page);
  // Name, message and stack: a value thrown that is no Error (a worker's error event) has neither.
  page.on('pageerror', (error) =>
    pageErrors.push(`${page.url()}: ${error.name}: ${error.message}\n${error.stack ?? ''}`.trim()),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  return page;
}

/** Nothing crashed: no service restarted and no page threw. */
function expectNothingCrashed(run: ReadmeRun): void {
  expect(pageErrors).toEqual([]);
  expect(run.restarts()).toEqual([]);
}

/**
 * The README's accounts, one per kind of landing (its screen, the role's navigation and reports):
 * what the development server must serve once each. Under `npm start` every account signs in.
 */
function oneAccountPerKindOfLanding(emails: string[]): string[] {
  const kinds = new Map<string, string>();
  for (const email of emails) {
    const { landing, admin, newUser, reports } = landingOf(email);
    const kind = JSON.stringify([landing.startsWith('/Practice/List'), admin, newUser, reports]);
    if (!kinds.has(kind)) kinds.set(kind, email);
  }
  return [...kinds.values()];
}

/** Accounts the README lists sign in, each in a fresh profile, and land on their screens. */
async function signInAsReadmeAccounts(run: ReadmeRun, which: 'every' | 'one per kind'): Promise<void> {
  const listed = readmeAccounts();
  expect(listed.length).toBeGreaterThanOrEqual(8);
  const emails = which === 'every' ? listed : oneAccountPerKindOfLanding(listed);
  for (const email of emails) {
    const page = await freshPage(run);
    try {
      await expectDemoAccountLanding(page, landingOf(email));
    } finally {
      await page.context().close();
    }
  }
  expectNothingCrashed(run);
}

/**
 * Runs `npm <args>` on the clean copy for the enclosing describe (until the banner's URL), and
 * after its tests stops it with Ctrl-C: it must say 'everything stopped', with no crash or restart.
 */
function useReadmeCommand(args: string[]): () => ReadmeRun {
  let run: ReadmeRun | undefined;
  beforeAll(async () => {
    run = await runReadmeCommand(copy.dir, args, ports, FIRST_START_MS);
  }, FIRST_START_MS + 30_000);
  afterAll(async () => {
    if (!run) return;
    expect(await run.stop()).toBe('everything stopped');
    expect(run.restarts(), run.output()).toEqual([]);
  }, 60_000);
  return () => {
    if (!run) throw new Error(`\`npm ${args.join(' ')}\` did not start`);
    return run;
  };
}

describe('npm start, as the README says', () => {
  const started = useReadmeCommand(['start']);
  let run: ReadmeRun;
  beforeAll(() => {
    run = started();
  });

  it('builds the web app on the first start and serves it: every demo account signs in and lands', async () => {
    expect(run.url).toBe(`http://localhost:${ports.PORT}`);
    const output = run.output();
    expect(output).toContain('building the web app for production (there is no build yet)');
    expect(output).toMatch(/built the web app in \d+ s/);
    expect(output).toContain('web app    production build');
    const health = await fetch(`${run.url}/healthz`);
    expect(health.status).toBe(200);
    // Production's policy: scripts of the app's own origin only (the dev server's preamble is inline).
    const index = await fetch(`${run.url}/`);
    expect(index.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(await (await fetch(`${run.url}/manifest.webmanifest`)).json()).toMatchObject({
      display: 'standalone',
    });
    await signInAsReadmeAccounts(run, 'every');
  });

  it("follows the README's offline steps: Capital Hill's survey rated with the network cut, sent on reconnect", async () => {
    // The demo data's own survey (README: surveyor@demo.test, "rate Capital Hill's indicators with
    // the network cut and watch them sent on reconnect"); its database is the run's own.
    const db = new pg.Pool({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${ports.PGPORT}/portal`,
      max: 1,
    });
    db.on('error', () => {});
    try {
      const page = await freshPage(run, TABLET);
      await signIn(page, 'surveyor@demo.test');
      await page.getByRole('button', { name: "Account menu for Michael O'Brien" }).waitFor();
      // The production build's service worker takes the app onto the device.
      await controlledByServiceWorker(page);
      // Open the assessment once (online): the device keeps a copy.
      await page.goto('/PracticeOverview/8/Accreditation/Assessment/15');
      await waitForAssessmentScreen(page);
      await openIndicator(page, 'C3.2A');
      const surveyor = await db.query<{ id: number }>(
        `select id from users where email = 'surveyor@demo.test'`,
      );
      await waitForDeviceCopy(page, surveyor.rows[0]!.id, 15);

      await goOffline(page.context());
      await page.reload();
      await waitForAssessmentScreen(page);
      await waitForOfflineBanner(page);
      const indicator = await openIndicator(page, 'C3.2A');
      await indicator
        .getByRole('radiogroup', { name: 'Compliance' })
        .getByRole('radio', { name: 'Not applicable' })
        .check();
      await waitForWaiting(page, 1);
      await expectAccessible(page, 'the assessment offline with a change waiting (npm start)');
      const stored = async () =>
        (
          await db.query<{ compliance: string | null }>(
            `select r.compliance from indicator_responses r join indicators i on i.id = r.indicator_id
              where r.assessment_id = 15 and i.code = 'C3.2A'`,
          )
        ).rows[0]?.compliance ?? null;
      expect(await stored()).toBeNull();

      await goOnline(page.context());
      await expect.poll(stored, { timeout: 20_000 }).toBe('NOT_APPLICABLE');
      await page.context().close();
    } finally {
      await db.end();
    }
    expectNothingCrashed(run);
  });
});

describe('npm run dev, as the README says', () => {
  const started = useReadmeCommand(['run', 'dev']);
  let run: ReadmeRun;
  beforeAll(() => {
    run = started();
  });

  it("serves Vite's development server with an empty cache: an account of each kind signs in and lands", async () => {
    expect(run.output()).toContain('web app    Vite development server');
    // The first page after a start with no dependency cache waits for Vite's optimizer to bundle
    // the dependencies (tens of seconds on two busy cores), as a newcomer's first page does.
    const first = await freshPage(run);
    await first.goto('/Login', { timeout: FIRST_DEV_PAGE_MS });
    await first.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: FIRST_DEV_PAGE_MS });
    await first.context().close();
    await signInAsReadmeAccounts(run, 'one per kind');
  });

  it("opens the admin console's GraphiQL with its editor's workers", async () => {
    const page = await freshPage(run);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await signIn(page, 'admin@demo.test');
    await page.goto('/admin-mnqa/graphiql');
    // Monaco's editor is up and its GraphQL worker runs (completion and validation).
    await page.locator('.graphiql-container .monaco-editor').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => workers.some((url) => url.includes('graphql.worker')), { timeout: 30_000 })
      .toBe(true);
    await page.context().close();
    expectNothingCrashed(run);
  });
});
