import type { Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForAssessmentScreen } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { signInAs } from './support/browser.ts';
import { goOffline, goOnline, recordAccessTokens, waitUntilExpired } from './support/network.ts';
import { connectionBanner, queuedWrites, waitForDeviceCopy } from './support/offline.ts';
import {
  editOffline,
  expectEditsShown,
  expectEditsStoredOnce,
  expectNoEditsStored,
  OFFLINE_EDIT_COUNT,
  offlineEdits,
  signInOnTablet,
  TABLET,
  waitForOfflineBanner,
  waitForWaiting,
} from './support/offline-journey.ts';
import { type PersistentBrowser, persistentBrowser } from './support/persistent-browser.ts';
import { screenshotFailedTest, slug, useE2e } from './support/suite.ts';
import { createSurveyWorld, type SurveyWorld, surveyPath } from './support/survey-data.ts';

/**
 * Survey capture offline, what survives: a surveyor's edits made offline survive the browser being
 * killed (the tablet's battery, a crash) and are sent, exactly once, by the next browser on the
 * same profile; and an offline session across an expired access token: on reconnecting the refresh
 * cookie renews the session before the queue is sent, or, when the session was revoked meanwhile,
 * the surveyor signs in again and the queue kept on the device is sent then. Each tablet has its
 * own practice, surveyors and assessment, and its own browser profile, on a tablet-sized window;
 * the two expiring sessions share one test, so that one wait lets both tokens expire.
 */

/** Access tokens live this long here (ACCESS_TOKEN_SECONDS), so one expires while offline. */
const TOKEN_SECONDS = 35;
const e2e = useE2e({ stack: { accessTokenSeconds: TOKEN_SECONDS } });

/** The test's tablets, each a browser of its own on its own profile. */
let tablets: PersistentBrowser[] = [];
afterEach(async ({ task }) => {
  const open = tablets;
  tablets = [];
  const errors: string[] = [];
  for (const [index, tab] of open.entries()) {
    if (task.result?.state === 'fail') {
      // A tablet that is not running (killed by the test) has nothing to show.
      const page = (() => {
        try {
          return tab.page;
        } catch {
          return undefined;
        }
      })();
      await screenshotFailedTest(`survey-offline-restart--${slug(task.name)}-tablet-${index}`, [page]);
    }
    errors.push(...tab.pageErrors);
    await tab.dispose();
  }
  expect(errors, 'uncaught errors in the persistent browsers').toEqual([]);
});

/** A tablet browser of the test's own, on a profile that survives a kill. */
async function tablet(): Promise<PersistentBrowser> {
  const tab = persistentBrowser(e2e.stack.url, { viewport: TABLET });
  tablets.push(tab);
  await tab.launch();
  return tab;
}

/** Opens the assessment online and waits until the device holds its copy. */
async function openOnTablet(page: Page, world: SurveyWorld): Promise<void> {
  const [sasha] = world.surveyors;
  await signInOnTablet(page, sasha, surveyPath(world));
  await waitForAssessmentScreen(page);
  await waitForDeviceCopy(page, sasha.id, world.assessmentId);
}

/**
 * A surveyor's own tablet, the assessment opened online, then offline with the edits made; with
 * the access token the page held when it went offline.
 */
async function editedOffline(label: string) {
  const world = await createSurveyWorld(e2e.stack.sql, { signed: [0] });
  const [sasha] = world.surveyors;
  const edits = offlineEdits(label);
  const tab = await tablet();
  const { page } = tab;
  const tokens = recordAccessTokens(page);
  await openOnTablet(page, world);
  await goOffline(tab.context);
  await waitForOfflineBanner(page);
  const held = tokens.last();
  await editOffline(page, edits);
  return { world, sasha, edits, tab, page, held };
}

/** The GraphQL writes a page sends from now on (their operation names and bearer tokens). */
function recordWrites(page: Page): Array<{ name: string; token: string | null }> {
  const writes: Array<{ name: string; token: string | null }> = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/v1/graphql') || request.method() !== 'POST') return;
    const match = /\bmutation\s+(\w+)/.exec(request.postData() ?? '');
    if (!match) return;
    writes.push({ name: match[1]!, token: request.headers().authorization?.slice(7) ?? null });
  });
  return writes;
}

describe('offline edits that outlive the browser and the session', { timeout: 150_000 }, () => {
  it('a browser killed with edits waiting: the next one on the same profile sends each exactly once', async () => {
    const { stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    const [sasha] = world.surveyors;
    const edits = offlineEdits('restart');
    const tab = await tablet();
    let page = tab.page;
    // Sign-in and each refresh set (rotate) the refresh cookie.
    let sessionCookieAt = 0;
    const watchCookies = (target: Page) =>
      target.on('response', (response) => {
        if (/\/api\/auth\/(login|refresh)$/.test(response.url()) && response.ok())
          sessionCookieAt = Date.now();
      });
    watchCookies(page);
    await openOnTablet(page, world);

    await goOffline(tab.context);
    await waitForOfflineBanner(page);
    await editOffline(page, edits);
    await waitForWaiting(page, { atLeast: OFFLINE_EDIT_COUNT });
    // The banner counts what the device's queue holds: read the queue, then wait for the banner
    // to say as much (a last autosave may join the queue just after the banner first shows 5).
    const waiting = await queuedWrites(page);
    await waitForWaiting(page, waiting);
    await expectAccessible(page, 'the assessment offline with changes waiting (tablet)');
    // The refresh cookie the sign-in rotated must be on disk for the next browser to find it
    // (Chromium commits cookies every 30 s or so; a tablet killed sooner asks to sign in again,
    // and the next test shows the queue then waits for the same user).
    expect(sessionCookieAt).toBeGreaterThan(0);
    await tab.waitForCookiesOnDisk(sessionCookieAt);

    // The tablet dies with the queue pending: nothing is closed politely, nothing flushed.
    await tab.kill();
    await expectNoEditsStored(stack.sql, world, sasha.id, edits);

    // A new browser on the same profile, online: the session comes back from the refresh cookie,
    // the queue is sent, the screen refreshes from the server.
    page = await tab.launch();
    watchCookies(page);
    await page.goto(surveyPath(world));
    await waitForAssessmentScreen(page);
    await connectionBanner(page).getByText('All changes saved.').waitFor({ timeout: 20_000 });
    await expectEditsStoredOnce(stack.sql, world, sasha.id, edits);
    expect(await queuedWrites(page)).toBe(0);
    await expectEditsShown(page, edits);

    // Nothing is sent twice: another restart finds an empty queue, and the rows are the same.
    await tab.waitForCookiesOnDisk(sessionCookieAt);
    await tab.kill();
    page = await tab.launch();
    await page.goto(surveyPath(world));
    await waitForAssessmentScreen(page);
    expect(
      await connectionBanner(page)
        .getByText(/waiting to be sent/)
        .count(),
    ).toBe(0);
    await expectEditsStoredOnce(stack.sql, world, sasha.id, edits);
    await expectAccessible(page, 'the assessment after the replay (tablet)');
  });

  it('an access token that expires offline: renewed by the refresh cookie before the queue is sent, or, the session revoked meanwhile, the surveyor signs in again and the kept queue is sent', async () => {
    const { stack } = e2e;
    // Two tablets, two surveyors of two assessments: the same wait lets both tokens expire.
    const renewed = await editedOffline('renewed');
    const revoked = await editedOffline('revoked');
    await waitForWaiting(revoked.page, { atLeast: OFFLINE_EDIT_COUNT });
    // The tokens the pages held expire while they are offline; the surveyors keep working.
    await waitUntilExpired(stack.url, renewed.held);
    await waitUntilExpired(stack.url, revoked.held);

    // The first tablet: the refresh cookie renews the session before the queue is sent.
    {
      const { world, sasha, edits, tab, page, held } = renewed;
      await waitForWaiting(page, { atLeast: OFFLINE_EDIT_COUNT });
      expect(new URL(page.url()).pathname.startsWith(surveyPath(world))).toBe(true);
      const writes = recordWrites(page);
      const refreshes: number[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/refresh')) refreshes.push(writes.length);
      });
      await goOnline(tab.context);
      await connectionBanner(page).getByText('All changes saved.').waitFor({ timeout: 20_000 });
      await expectEditsStoredOnce(stack.sql, world, sasha.id, edits);
      // Renewed before the first write: no write went out with the expired token.
      expect(refreshes[0]).toBe(0);
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.filter((write) => write.token === held)).toEqual([]);
      expect(new URL(page.url()).pathname.startsWith(surveyPath(world))).toBe(true);
    }

    // The second tablet: meanwhile its surveyor's session ended on the server (an admin revoked
    // it, the password changed).
    {
      const { world, sasha, edits, tab, page } = revoked;
      await stack.sql.query(
        'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null',
        [sasha.id],
      );
      // Counted as it goes online (minutes after the edits: every autosave has queued its write),
      // not when the first edits reached the queue: a last one could still join it then.
      const waiting = await queuedWrites(page);
      expect(waiting).toBeGreaterThanOrEqual(OFFLINE_EDIT_COUNT);
      await goOnline(tab.context);
      await page.waitForURL((url) => url.pathname === '/Login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await expectNoEditsStored(stack.sql, world, sasha.id, edits);
      expect(await queuedWrites(page)).toBe(waiting);

      // The same surveyor signs in: back to the assessment, and the queue kept on the device is sent.
      await signInAs(page, sasha, { goto: false });
      if (new URL(page.url()).pathname !== surveyPath(world)) await page.goto(surveyPath(world));
      await waitForAssessmentScreen(page);
      await connectionBanner(page).getByText('All changes saved.').waitFor({ timeout: 20_000 });
      await expectEditsStoredOnce(stack.sql, world, sasha.id, edits);
      await expectEditsShown(page, edits);
    }
  });
});
