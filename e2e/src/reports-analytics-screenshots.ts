/**
 * Screenshots of the analytics report at 1280 and 768 px, for looking at: the whole report as the
 * provider admin (demo data plus six surveyed practices of a network of the script's own), the
 * report filtered to that network as its QAM, the filters matching nothing, and the page refused to
 * a practice manager.
 * Run: npx tsx e2e/src/reports-analytics-screenshots.ts → e2e/screenshots/analytics-*.png
 */

import { mkdir } from 'node:fs/promises';
import { ANALYTICS_REPORT_PATH } from '@portal/domain';
import { createAnalyticsWorld } from './support/analytics-data.ts';
import { launchBrowser, newContext, signIn, signInAs } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('analytics-');

await mkdir(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  const world = await createAnalyticsWorld(stack.sql);
  for (const width of [1280, 768]) {
    const context = await newContext(browser, stack.url, { width, height: 900 });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    const loaded = async () => {
      await page.getByRole('heading', { name: 'Compliance by standard' }).waitFor();
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    };

    await signIn(page, 'admin@demo.test');
    await page.goto('/Reports/Analytics');
    await loaded();
    await shot(page, `all-${width}`);
    await shot(page, `top-${width}`, { fullPage: false });

    await page.goto('/Reports/Analytics?from=2031-01-01');
    await page.getByText('No submitted survey matches these filters.').waitFor();
    await shot(page, `empty-${width}`, { fullPage: false });
    await context.close();

    const qamContext = await newContext(browser, stack.url, { width, height: 900 });
    const qamPage = await qamContext.newPage();
    await signInAs(qamPage, world.qam);
    await qamPage.goto(`${ANALYTICS_REPORT_PATH}?network=${world.network.id}`);
    await qamPage.getByRole('heading', { name: 'Compliance by standard' }).waitFor();
    await qamPage.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await shot(qamPage, `network-${width}`);
    await qamContext.close();

    const pmContext = await newContext(browser, stack.url, { width, height: 900 });
    const pmPage = await pmContext.newPage();
    await signIn(pmPage, 'pm@demo.test');
    await pmPage.goto('/Reports/Analytics');
    await pmPage.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await shot(pmPage, `refused-${width}`, { fullPage: false });
    await pmContext.close();
  }
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
