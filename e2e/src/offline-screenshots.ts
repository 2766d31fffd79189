/**
 * Screenshots of the offline work on the tablet, 768 × 1024, for looking at: the
 * surveyor's upcoming visit before and after 'Make available offline' (and pressed offline), the
 * assessment offline with nothing waiting, with changes waiting, sending them, the conflict view
 * (another surveyor changed the same field meanwhile) and the refused writes (the assessment went
 * under review meanwhile). On data the script makes (its own practice, surveyors, assessment).
 * Run: npx tsx e2e/src/offline-screenshots.ts → e2e/screenshots/offline-*.png
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page, Route } from 'playwright-core';
import { openIndicator, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { launchBrowser, newContext } from './support/browser.ts';
import { goOffline, goOnline } from './support/network.ts';
import { connectionBanner, waitForDeviceCopy } from './support/offline.ts';
import {
  editOffline,
  offlineEdits,
  signInOnTablet,
  TABLET,
  waitForOfflineBanner,
  waitForWaiting,
} from './support/offline-journey.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { type E2eStack, startE2eStack } from './support/stack.ts';
import { createSurveyWorld, type SurveyWorld, surveyPath } from './support/survey-data.ts';

const shot = screenshotTaker('offline-', { fullPage: false });
const W = TABLET.width;

async function tabletPage(browser: Browser, base: string): Promise<Page> {
  const context = await newContext(browser, base, TABLET);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  return page;
}

async function makeAvailableOffline(browser: Browser, stack: E2eStack): Promise<void> {
  const world = await createSurveyWorld(stack.sql, { signed: [0] });
  const page = await tabletPage(browser, stack.url);
  await signInOnTablet(page, world.surveyors[0], '/Dashboard');
  const item = page.getByTestId(`due-visit-${world.visitId}`);
  await item.getByRole('button', { name: 'Make available offline' }).waitFor();
  await shot(page, `make-available-${W}`);
  await item.getByRole('button', { name: 'Make available offline' }).click();
  await item.getByRole('button', { name: 'Update offline copy' }).waitFor();
  await shot(page, `available-${W}`);
  await goOffline(page.context());
  await item.getByRole('button', { name: 'Update offline copy' }).press('Enter');
  await item.getByRole('alert').waitFor();
  await shot(page, `available-pressed-offline-${W}`);
  await page.context().close();
}

/** The surveyor on the assessment, offline. */
async function offlineOnAssessment(browser: Browser, stack: E2eStack, world: SurveyWorld): Promise<Page> {
  const page = await tabletPage(browser, stack.url);
  await signInOnTablet(page, world.surveyors[0], surveyPath(world));
  await waitForAssessmentScreen(page);
  await waitForDeviceCopy(page, world.surveyors[0].id, world.assessmentId);
  await goOffline(page.context());
  await waitForOfflineBanner(page);
  return page;
}

async function offlineStates(browser: Browser, stack: E2eStack): Promise<void> {
  const world = await createSurveyWorld(stack.sql, { signed: [0] });
  const page = await offlineOnAssessment(browser, stack, world);
  await shot(page, `offline-${W}`);
  await editOffline(page, offlineEdits('screenshots'));
  await waitForWaiting(page, { atLeast: 5 });
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(page, `pending-${W}`);

  // Sending: the first write is held on its way, so the state stays on the screen.
  const held: Route[] = [];
  await page.route('**/v1/graphql', async (route) => {
    if (/\bmutation\b/.test(route.request().postData() ?? '')) held.push(route);
    else await route.continue();
  });
  await goOnline(page.context());
  await connectionBanner(page)
    .getByText(/^Sending \d+ changes?…$/)
    .waitFor();
  await shot(page, `syncing-${W}`);
  await page.unroute('**/v1/graphql');
  for (const route of held) await route.continue().catch(() => undefined);
  await connectionBanner(page).getByText('All changes saved.').waitFor();
  await shot(page, `saved-${W}`);
  await page.context().close();
}

async function conflict(browser: Browser, stack: E2eStack): Promise<void> {
  const world = await createSurveyWorld(stack.sql, { signed: [0, 1] });
  const page = await offlineOnAssessment(browser, stack, world);
  const panel = await openIndicator(page, 'C2.1');
  await panel
    .getByRole('textbox', { name: 'Opportunities for improvement' })
    .fill('Label the vaccine fridge.');
  await waitForWaiting(page, 1);
  // Meanwhile the second surveyor writes the same field.
  const other = await tabletPage(browser, stack.url);
  await signInOnTablet(other, world.surveyors[1], surveyPath(world));
  await waitForAssessmentScreen(other);
  const theirs = await openIndicator(other, 'C2.1');
  await theirs
    .getByRole('textbox', { name: 'Opportunities for improvement' })
    .fill('Fridge labelled on the day.');
  // Their save reached the server ('Saved' shows for half a second only: ask the database).
  for (let tries = 0; ; tries++) {
    const { rows } = await stack.sql.query(
      'select 1 from indicator_responses where assessment_id = $1 and observation = $2',
      [world.assessmentId, 'Fridge labelled on the day.'],
    );
    if (rows.length) break;
    if (tries > 80) throw new Error("the second surveyor's save did not arrive");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await other.context().close();
  await goOnline(page.context());
  await page.getByRole('dialog', { name: 'Changed by someone else' }).waitFor();
  await shot(page, `conflict-${W}`);
  await page.context().close();
}

async function refused(browser: Browser, stack: E2eStack): Promise<void> {
  const world = await createSurveyWorld(stack.sql, { signed: [0] });
  const page = await offlineOnAssessment(browser, stack, world);
  await editOffline(page, offlineEdits('refused'));
  await waitForWaiting(page, { atLeast: 5 });
  // Meanwhile the assessment went under review: the waiting writes are refused.
  await stack.sql.query(`update assessments set status = 'UNDER_REVIEW' where id = $1`, [world.assessmentId]);
  await goOnline(page.context());
  await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor();
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(page, `refused-${W}`);
  await shot(page, `refused-full-${W}`, { fullPage: true });
  await page.context().close();
}

await mkdir(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  for (const step of [makeAvailableOffline, offlineStates, conflict, refused]) {
    try {
      await step(browser, stack);
    } catch (error) {
      // One state that cannot be reached does not hide the others.
      console.error(`  ${step.name} failed: ${(error as Error).message.split('\n')[0]}`);
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
