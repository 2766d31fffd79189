/**
 * Screenshots of the comparative report at 1280 and 768 px, for looking at: a practice manager's
 * report of their practice (network withheld, state and all practices shown, the chart), the
 * picker before a practice is chosen, another practice's id refused, and the QAM's search picker.
 * The data is made here (`createComparativeWorld`), on the stack's demo database.
 * Run: npx tsx e2e/src/reports-comparative-screenshots.ts → e2e/screenshots/comparative-*.png
 */

import { mkdir } from 'node:fs/promises';
import { COMPARATIVE_REPORT_PATH } from '@portal/domain';
import { createComparativeWorld } from '@portal/testkit/comparative-factories';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signInAs } from './support/browser.ts';
import { createPracticeManager, createUser } from './support/factories.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('comparative-');

async function as(browser: Browser, base: string, width: number, user: { email: string; password: string }) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signInAs(page, user);
  return { page, close: () => context.close() };
}

async function openReport(page: Page, practiceId: number) {
  await page.goto(`${COMPARATIVE_REPORT_PATH}?practice=${practiceId}`);
  await page.getByRole('table', { name: 'Cycle times (days)' }).waitFor();
}

await mkdir(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  const world = await createComparativeWorld(stack.sql);
  const manager = await createPracticeManager(stack.sql, [{ id: world.harbour }], {
    firstName: 'Mia',
    lastName: 'Harbour',
  });
  const qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'Auditor' });
  for (const width of [1280, 768]) {
    const pm = await as(browser, stack.url, width, manager);
    // A manager of one practice: the menu's address opens that practice at once.
    await pm.page.goto('/Reports/Comparative');
    await pm.page.waitForURL((url) => url.searchParams.get('practice') === String(world.harbour));
    await pm.page.getByRole('table', { name: 'Cycle times (days)' }).waitFor();
    await shot(pm.page, `pm-report-${width}`);
    await pm.page.goto(`${COMPARATIVE_REPORT_PATH}?practice=${world.networkPeers[0]}`);
    await pm.page.getByRole('alert').filter({ hasText: 'You can compare only' }).waitFor();
    await shot(pm.page, `pm-refused-${width}`);
    await pm.close();

    const back = await as(browser, stack.url, width, qam);
    await back.page.goto('/Reports/Comparative');
    await back.page.getByText('Choose a practice to compare it with its peers.').waitFor();
    await shot(back.page, `qam-choose-${width}`);
    await openReport(back.page, world.networkPeers[0]!);
    await shot(back.page, `qam-report-${width}`);
    await back.page.getByRole('combobox', { name: 'Practice' }).click();
    await back.page.getByRole('combobox', { name: 'Practice' }).fill('Harbour');
    await back.page.getByRole('option', { name: 'Harbour Medical' }).waitFor();
    await shot(back.page, `qam-picker-${width}`, { fullPage: false });
    await back.close();
  }
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
