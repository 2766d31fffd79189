/**
 * Screenshots of the offline "needs a connection" alerts and the app update prompt at 768 px (the
 * tablet a surveyor carries), on the demo data: surveyor@demo.test on Capital Hill's relocation
 * survey (signed, in progress) presses Submit for review and an indicator's Upload offline;
 * surveyor2@demo.test (not signed) presses Sign agreement offline; then a new build of the app
 * waits for Reload.
 * Run: npx tsx e2e/src/offline-shell-screenshots.ts → e2e/screenshots/offline-shell-*.png
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('offline-shell-');
const CAPITAL_HILL = '/PracticeOverview/8/Accreditation/Assessment/15';
const TABLET = { width: 768, height: 1024 };
const INDICATOR = /^[A-Z]+\d+\.\d+\S* /;

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const controlled = (page: Page) => page.evaluate<boolean>('navigator.serviceWorker.controller !== null');

mkdirSync(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  const context = await newContext(browser, stack.url, TABLET);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'surveyor@demo.test');
  await page.goto(CAPITAL_HILL);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
  await until(() => controlled(page), 'the service worker');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('alert').filter({ hasText: 'Submitting needs a connection.' }).waitFor();
  await shot(page, 'submitting-768', { fullPage: false, settleMs: 400 });

  await page.getByRole('button', { name: 'Open all' }).click();
  const button = page.getByRole('button', { name: INDICATOR }).first();
  await button.click();
  const panel = page.getByRole('region', { name: INDICATOR }).first();
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Uploading files needs a connection.' }).waitFor();
  await panel.getByRole('button', { name: 'Upload', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'uploading-768', { fullPage: false, settleMs: 400 });
  await context.setOffline(false);

  const other = await newContext(browser, stack.url, TABLET);
  const unsigned = await other.newPage();
  await signIn(unsigned, 'surveyor2@demo.test');
  await unsigned.goto(CAPITAL_HILL);
  const agreement = unsigned.getByRole('dialog', { name: 'Confidentiality agreement' });
  await agreement.waitFor();
  for (const box of await agreement.getByRole('checkbox').all()) await box.check();
  await other.setOffline(true);
  await agreement.getByRole('button', { name: 'Sign agreement' }).click();
  await unsigned
    .getByRole('alert')
    .filter({ hasText: 'Signing the agreement needs a connection.' })
    .waitFor();
  await shot(unsigned, 'agreement-768', { fullPage: false, settleMs: 400 });
  await other.close();

  // A new deployment: the worker script changes; the app checks when the connection comes back.
  await page.goto(CAPITAL_HILL);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
  appendFileSync(path.join(stack.webDist, 'sw.js'), `\n// deployed again ${Date.now()}\n`);
  await page.evaluate("window.dispatchEvent(new Event('online'))");
  await page.getByRole('status').filter({ hasText: 'A new version of the portal is ready.' }).waitFor({
    timeout: 30_000,
  });
  await shot(page, 'update-768', { fullPage: false, settleMs: 400 });
  await context.close();
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
