/**
 * Screenshots of the dashboard's work queues at 1280 and 768 px, for looking at (demo data): the
 * practice manager (pm@demo.test), the surveyors (surveyor@ and surveyor3@demo.test), the QAM, the
 * provider admin, and a new user whose queue is empty (newuser@demo.test).
 * Run: npx tsx e2e/src/dashboard-screenshots.ts → e2e/screenshots/dashboard-*.png
 */
import type { Browser } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('dashboard-');

const ACCOUNTS = [
  ['pm', 'pm@demo.test', 'queue-count-practiceManager'],
  ['surveyor', 'surveyor@demo.test', 'queue-count-surveyor'],
  ['surveyor3', 'surveyor3@demo.test', 'queue-count-surveyor'],
  ['qam', 'qam@demo.test', 'queue-count-qam'],
  ['admin', 'admin@demo.test', 'queue-count-providerAdmin'],
  ['new-user', 'newuser@demo.test', 'queue-count-practiceManager'],
] as const;

async function dashboardOf(
  browser: Browser,
  base: string,
  width: number,
  name: string,
  email: string,
  ready: string,
) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, email);
  await page.goto('/Dashboard');
  await page.getByTestId(ready).waitFor();
  // Every queue of the user has answered (no skeleton left).
  await page.waitForFunction('!document.querySelector("[data-testid^=queue-loading-]")');
  await shot(page, `${name}-${width}`);
  await context.close();
}

await runScreenshots(async (browser, base, width) => {
  for (const [name, email, ready] of ACCOUNTS) await dashboardOf(browser, base, width, name, email, ready);
});
