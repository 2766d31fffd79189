/**
 * Screenshots of the practice screens (list, overview, details, reapplication, add, survey
 * confirmation, dashboard) at 1280 and 768 px, for looking at.
 * Run: npx tsx e2e/src/practice-screenshots.ts → e2e/screenshots/practices-*.png
 */
import type { Browser } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('practices-', { settleMs: 1300 });

async function run(browser: Browser, base: string, width: number) {
  const context = await newContext(browser, base, { width, height: 860 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));

  await signIn(page, 'pm@demo.test');
  await page.goto('/Practice/List');
  await page.getByTestId('practice-row-2').waitFor();
  await shot(page, `list-${width}`);
  await page.goto('/Practice/List?renewalDue=true&lessExpire=true');
  await page.getByTestId('practice-row-3').waitFor();
  await shot(page, `list-filtered-${width}`);
  await page.goto('/Practice/List?search=nothing-like-this');
  await page.getByText('No practices found for the search criteria').waitFor();
  await shot(page, `list-empty-${width}`);
  await page.goto('/PracticeOverview/2/Staff');
  await page.getByRole('heading', { name: 'Riverbend Medical Centre' }).waitFor();
  await shot(page, `overview-staff-${width}`);
  await page.goto('/PracticeOverview/2/Documents');
  await page.getByRole('searchbox', { name: 'Search all documents' }).waitFor();
  await shot(page, `overview-documents-${width}`);
  await page.goto('/Practice/Details/2');
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
  await shot(page, `details-${width}`);
  await page.getByLabel('ABN').fill('123');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('An ABN is 11 digits.').waitFor();
  await shot(page, `details-errors-${width}`);
  await page.goto('/Practice/Reapplication/4');
  await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
  await shot(page, `reapplication-${width}`);
  await page.goto('/Practice/SurveyConfirmation/10');
  await page.getByText('Confirmation due').waitFor();
  await shot(page, `survey-confirmation-${width}`);
  await page.goto('/Dashboard');
  await page.getByRole('list', { name: 'Practice work' }).waitFor();
  await shot(page, `dashboard-${width}`);
  await context.close();

  const surveyor = await newContext(browser, base, { width, height: 860 });
  const spage = await surveyor.newPage();
  await signIn(spage, 'surveyor2@demo.test');
  await spage.goto('/Practice/List');
  await spage.getByTestId('practice-row-9').waitFor();
  await shot(spage, `list-surveyor-locked-${width}`);
  await surveyor.close();

  const admin = await newContext(browser, base, { width, height: 860 });
  const apage = await admin.newPage();
  await signIn(apage, 'admin@demo.test');
  await apage.goto('/Practice/Add');
  await apage.getByRole('button', { name: 'Add practice' }).waitFor();
  await shot(apage, `add-${width}`);
  await admin.close();
}

await runScreenshots(run);
