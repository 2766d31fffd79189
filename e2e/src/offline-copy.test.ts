import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openIndicator, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { goOffline, goOnline } from './support/network.ts';
import {
  connectionBanner,
  readDeviceCopy,
  waitForActiveServiceWorker,
  waitForServiceWorkerControl,
} from './support/offline.ts';
import { signInOnTablet, TABLET, waitForOfflineBanner } from './support/offline-journey.ts';
import { useE2e } from './support/suite.ts';
import { createSurveyWorld, type SurveyWorld, surveyPath } from './support/survey-data.ts';

/**
 * "Make available offline" (docs/decisions/offline.md): on the dashboard's Survey work, a surveyor
 * keeps an upcoming visit's assessment on the tablet without opening it; offline, the assessment
 * opens from the device (from the dashboard, and as a fresh page at its address), with what the
 * server held when the copy was taken. Each test has its own practice, surveyors and assessment.
 */
// Each test is a first visit: the service worker installs and the device copy is made anew.
const e2e = useE2e({ contextPerTest: true });

const SAVED = /^Available offline \(saved \d{2}:\d{2}\)$/;

/** The upcoming visit's item on the dashboard. */
const upcomingVisit = (page: Page, world: SurveyWorld) => page.getByTestId(`due-visit-${world.visitId}`);

/** A finding already on the server, which the copy must carry. */
async function recordFinding(world: SurveyWorld, observation: string): Promise<void> {
  await e2e.stack.sql.query(
    `update indicator_responses set compliance = 'NOT_APPLICABLE', observation = $3
      where assessment_id = $1 and indicator_id = $2`,
    [world.assessmentId, world.standards.indicatorIds[2], observation],
  );
}

describe('Make available offline', { timeout: 120_000 }, () => {
  it('keeps an upcoming visit on the tablet without opening it; offline it opens from the device', async () => {
    const { stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    const [sasha] = world.surveyors;
    await recordFinding(world, 'Vaccine fridge log kept daily.');
    const page = await e2e.newPage(TABLET);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await signInOnTablet(page, sasha, '/Dashboard');

    const item = upcomingVisit(page, world);
    await item.getByText('Upcoming visit').waitFor();
    const make = item.getByRole('button', { name: 'Make available offline' });
    // Its description names whose visit it is (several visits may offer the same button).
    expect(await make.getAttribute('aria-describedby')).toBeTruthy();
    await expectAccessible(page, 'the Survey work queue with Make available offline (tablet)');
    await make.click();
    // "Available offline" once the data is on the device and the service worker keeps the app's
    // files (it is still installing on this first visit: a busy machine takes longer than one
    // action's wait to precache the build).
    await waitForServiceWorkerControl(page);
    await item.getByText(SAVED).waitFor();
    await item.getByRole('button', { name: 'Update offline copy' }).waitFor();
    expect(await item.getByRole('button', { name: 'Make available offline' }).count()).toBe(0);
    await expectAccessible(page, 'an upcoming visit available offline (tablet)');
    // The assessment was never opened.
    expect(visited.filter((path) => path.includes('/Assessment/'))).toEqual([]);

    // The server changes after the copy: offline, the copy's value shows (what it held then).
    await recordFinding(world, 'Changed after the copy was taken.');
    await goOffline(page.context());
    // Offline, pressing it again says it needs a connection and changes nothing.
    // (`aria-disabled` while offline: it stays focusable, and a keyboard user presses it.)
    await item.getByRole('button', { name: 'Update offline copy' }).press('Enter');
    await item
      .getByRole('alert')
      .getByText('Making available offline needs a connection. Try again when you are back online.')
      .waitFor();
    await expectAccessible(page, 'Update offline copy pressed offline (tablet)');

    // From the dashboard, as the surveyor would on site.
    await page
      .getByTestId(`due-rate-${world.assessmentId}`)
      .getByRole('link', { name: 'Open assessment' })
      .click();
    await waitForAssessmentScreen(page);
    await waitForOfflineBanner(page);
    const c21 = await openIndicator(page, 'C2.1');
    expect(await c21.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue()).toBe(
      'Vaccine fridge log kept daily.',
    );
    await expectAccessible(page, 'the assessment opened offline from the device (tablet)');

    // Back online, Update offline copy takes the server's values.
    await goOnline(page.context());
    await page.goto('/Dashboard');
    const savedAt = async () => (await readDeviceCopy(page, sasha.id, world.assessmentId))?.savedAt;
    const before = await savedAt();
    expect(before).toEqual(expect.any(String));
    await upcomingVisit(page, world).getByRole('button', { name: 'Update offline copy' }).click();
    // The line keeps its wording (the same minute, maybe): the device's copy is the newer one.
    await expect.poll(savedAt).not.toBe(before);
    await upcomingVisit(page, world).getByText(SAVED).waitFor();
    await goOffline(page.context());
    await page
      .getByTestId(`due-rate-${world.assessmentId}`)
      .getByRole('link', { name: 'Open assessment' })
      .click();
    await waitForAssessmentScreen(page);
    await connectionBanner(page).waitFor();
    const again = await openIndicator(page, 'C2.1');
    expect(await again.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue()).toBe(
      'Changed after the copy was taken.',
    );
  });

  it('a fresh page offline at the assessment address opens the copy (the service worker serves the app)', async () => {
    const { stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    const [sasha] = world.surveyors;
    await recordFinding(world, 'Sharps bins wall mounted.');
    const page = await e2e.newPage(TABLET);
    await signInOnTablet(page, sasha, '/Dashboard');
    await waitForActiveServiceWorker(page);
    await upcomingVisit(page, world).getByRole('button', { name: 'Make available offline' }).click();
    await upcomingVisit(page, world).getByText(SAVED).waitFor();

    // The tablet reaches the practice with no network; the surveyor opens the visit's address.
    await goOffline(page.context());
    const later = await page.context().newPage();
    await page.close();
    await later.goto(surveyPath(world));
    await waitForAssessmentScreen(later);
    await waitForOfflineBanner(later);
    const c21 = await openIndicator(later, 'C2.1');
    expect(await c21.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue()).toBe(
      'Sharps bins wall mounted.',
    );
    await expectAccessible(later, 'the assessment opened offline in a fresh page (tablet)');
  });
});
