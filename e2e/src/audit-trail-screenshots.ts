/**
 * Screenshots of the audit trail panels at 1280 and 768 px, for looking at: the History drawer of
 * a practice (the phone change old → new, by whom), of a staff member (a created row, its fields
 * all shown), of an assessment (its move to review) and of an indicator response (a long
 * observation, shortened and then shown whole), as the QAM; the practice header and a staff row
 * with their History buttons. The data is made as in the journey (`support/audit-data.ts`).
 * Run: npx tsx e2e/src/audit-trail-screenshots.ts → e2e/screenshots/audit-*.png
 */

import { mkdir } from 'node:fs/promises';
import { assessmentPath, practiceStaffPath } from '@portal/domain';
import { openIndicator, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { closeHistory, createAuditWorld, openHistory } from './support/audit-data.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('audit-');

await mkdir(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  const world = await createAuditWorld(stack.sql);
  for (const width of [1280, 768]) {
    const context = await newContext(browser, stack.url, { width, height: 900 });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    await signIn(page, world.qam.email, { password: world.qam.password });
    await page.goto(practiceStaffPath(world.practice.id));
    await page.getByRole('button', { name: `History of ${world.staff.name}` }).waitFor();
    await shot(page, `practice-header-${width}`, { fullPage: false });
    await page.getByRole('button', { name: `History of ${world.staff.name}` }).scrollIntoViewIfNeeded();
    await shot(page, `staff-row-${width}`, { fullPage: false });

    let drawer = await openHistory(
      page,
      page.getByRole('button', { name: 'History of this practice' }),
      `History: ${world.practice.name}`,
    );
    await shot(page, `practice-${width}`, { fullPage: false });
    await closeHistory(drawer);

    drawer = await openHistory(
      page,
      page.getByRole('button', { name: `History of ${world.staff.name}` }),
      `History: ${world.staff.name}`,
    );
    await drawer.getByRole('button', { name: /^Show all \d+ fields$/ }).click();
    await shot(page, `staff-${width}`, { fullPage: false });
    await closeHistory(drawer);

    await page.goto(assessmentPath(world.practice.id, world.assessmentId));
    await waitForAssessmentScreen(page);
    await shot(page, `assessment-header-${width}`, { fullPage: false });
    drawer = await openHistory(
      page,
      page.getByRole('button', { name: 'History of this assessment' }),
      /^History: /,
    );
    await shot(page, `assessment-${width}`, { fullPage: false });
    await closeHistory(drawer);

    const panel = await openIndicator(page, world.indicator.code);
    await shot(page, `indicator-panel-${width}`, { fullPage: false });
    drawer = await openHistory(
      page,
      panel.getByRole('button', { name: `History of indicator ${world.indicator.code}` }),
      /^History: /,
    );
    await shot(page, `response-${width}`, { fullPage: false });
    await drawer.getByRole('button', { name: 'Show more' }).click();
    await shot(page, `response-show-more-${width}`, { fullPage: false });
    await context.close();
  }
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
