/**
 * Screenshots of the practice form screens (details, add, reapplication due and awaiting
 * payment, survey confirmation before and after confirming) at 1280 and 768 px, for looking at.
 * Run: npx tsx e2e/src/practice-forms-screenshots.ts → e2e/screenshots/practice-forms-*.png
 */
import type { Browser } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('practice-forms-', { settleMs: 800 });

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
  await shot(page, `reapplication-payment-${width}`, { fullPage: false });

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
  await shot(spage, `header-menu-${width}`, { fullPage: false });
  await spage.goto('/Practice/Add');
  await spage.getByRole('button', { name: 'Add practice' }).waitFor();
  await shot(spage, `add-${width}`);
  await single.close();
}

await runScreenshots(run);
