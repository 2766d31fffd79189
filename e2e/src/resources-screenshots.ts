/**
 * Screenshots of Resources and Factsheets at 1280 and 768 px, for looking at: the admin's lists
 * (with who each row is for, archived ones shown), the add form with its messages and the edit
 * form of a file; a practice manager's and a surveyor's lists, one searched. The demo data's
 * resources and factsheets, as the demo accounts.
 * Run: npx tsx e2e/src/resources-screenshots.ts → e2e/screenshots/resources-*.png
 */
import type { Browser, Page } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('resources-');

async function open(page: Page, path: '/Resources' | '/Factsheets') {
  await page.goto(path);
  await page.getByRole('table', { name: path.slice(1) }).waitFor();
}

async function as(browser: Browser, base: string, width: number, email: string) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, email);
  return { page, close: () => context.close() };
}

await runScreenshots(async (browser, base, width) => {
  const admin = await as(browser, base, width, 'admin@demo.test');
  await open(admin.page, '/Resources');
  await shot(admin.page, `admin-list-${width}`);
  await admin.page.getByLabel('Show archived').check({ force: true });
  await admin.page.getByText('Archived', { exact: true }).first().waitFor();
  await shot(admin.page, `admin-archived-${width}`);
  await admin.page.getByRole('button', { name: 'Add resource' }).click();
  const add = admin.page.getByRole('dialog', { name: 'Add a resource' });
  await add.waitFor();
  await add.getByRole('button', { name: 'Add resource' }).click();
  await add.getByText('Required.').first().waitFor();
  await shot(admin.page, `add-messages-${width}`, { fullPage: false });
  await admin.page.keyboard.press('Escape');
  await add.waitFor({ state: 'detached' });
  await open(admin.page, '/Factsheets');
  await shot(admin.page, `admin-factsheets-${width}`);
  await admin.page.getByRole('button', { name: 'Edit What happens at a survey visit' }).click();
  await admin.page.getByRole('dialog', { name: 'Edit factsheet' }).waitFor();
  await shot(admin.page, `edit-file-${width}`, { fullPage: false });
  await admin.close();

  const manager = await as(browser, base, width, 'pm@demo.test');
  await open(manager.page, '/Resources');
  await shot(manager.page, `pm-resources-${width}`);
  await open(manager.page, '/Factsheets');
  await manager.page.getByLabel('Search factsheets').fill('survey visit');
  await manager.page.getByText('Preparing for accreditation').waitFor({ state: 'detached' });
  await shot(manager.page, `pm-factsheets-searched-${width}`);
  await manager.close();

  const surveyor = await as(browser, base, width, 'surveyor@demo.test');
  await open(surveyor.page, '/Resources');
  await shot(surveyor.page, `surveyor-resources-${width}`);
  await surveyor.close();
});
