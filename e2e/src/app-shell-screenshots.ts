/**
 * Screenshots of the app shell's navigation, closed and open, at 1280 px (beside the page) and
 * 768 px (over the page, with a scrim), for looking at.
 * Run: npx tsx e2e/src/app-shell-screenshots.ts → e2e/screenshots/app-shell-*.png
 */
import type { Browser } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('app-shell-', { fullPage: false, settleMs: 400 });

async function run(browser: Browser, base: string, width: number) {
  const context = await newContext(browser, base, { width, height: 860 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'pm@demo.test');
  await page.goto('/Practice/List');
  await page.getByTestId('practice-row-2').waitFor();

  const wide = width >= 1024;
  // Desktops start with the navigation open, tablets with it closed.
  await shot(page, `${width}-${wide ? 'open' : 'closed'}`);
  await page.getByRole('button', { name: wide ? 'Hide navigation' : 'Show navigation' }).click();
  if (!wide) await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
  await shot(page, `${width}-${wide ? 'closed' : 'open'}`);
  await context.close();
}

await runScreenshots(run);
