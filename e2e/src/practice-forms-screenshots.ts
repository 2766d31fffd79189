/**
 * Screenshots of the practice form screens (details, add, reapplication due and awaiting
 * payment, survey confirmation before and after confirming) at 1280 and 768 px, for looking at.
 * Run: npx tsx e2e/src/practice-forms-screenshots.ts → e2e/screenshots/practice-forms-*.png
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { startE2eStack } from './support/stack.ts';

const out = path.resolve(import.meta.dirname, '../screenshots');

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, `practice-forms-${name}.png`), fullPage });
  console.log(`  practice-forms-${name}.png`);
}

async function run(browser: Browser, base: string, width: number) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'pm@demo.test');

  await page.goto('/Practice/Details/2');
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
  await shot(page, `details-${width}`);
  await page.getByRole('textbox', { name: 'ABN' }).fill('123');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('41');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('An ABN is 11 digits.').waitFor();
  await shot(page, `details-errors-${width}`);

  await page.goto('/Practice/Reapplication/3');
  await page.getByRole('button', { name: 'Submit renewal' }).waitFor();
  await shot(page, `reapplication-due-${width}`);
  await page.goto('/Practice/Reapplication/4');
  await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
  await shot(page, `reapplication-payment-${width}`, false);

  await page.goto('/Practice/SurveyConfirmation/10');
  await page.getByRole('button', { name: 'Confirm visit' }).waitFor();
  await shot(page, `survey-confirmation-${width}`);
  if (width === 768) {
    await page.getByRole('button', { name: 'Confirm visit' }).click();
    await page.getByText('No survey visit of this practice is waiting for its confirmation.').waitFor();
    await shot(page, `survey-confirmation-done-${width}`);
  }
  await context.close();

  const single = await newContext(browser, base, { width, height: 900 });
  const spage = await single.newPage();
  await signIn(spage, 'pm.single@demo.test');
  await spage.getByRole('button', { name: /^Account menu for / }).click();
  await spage.getByRole('menuitem', { name: 'Add practice' }).waitFor();
  await shot(spage, `header-menu-${width}`, false);
  await spage.goto('/Practice/Add');
  await spage.getByRole('button', { name: 'Add practice' }).waitFor();
  await shot(spage, `add-${width}`);
  await single.close();
}

async function main() {
  await mkdir(out, { recursive: true });
  const stack = await startE2eStack({ database: 'embedded' });
  const browser = await launchBrowser();
  try {
    for (const width of [1280, 768]) await run(browser, stack.url, width);
  } catch (error) {
    console.error(stack.logs());
    throw error;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
