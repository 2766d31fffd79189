/**
 * Screenshots of the admin console at 1280 and 768 px, for looking at: the first table, the
 * organisations filtered by name, one organisation's edit screen, and a QAM refused.
 * Run: npx tsx e2e/src/admin-console-screenshots.ts → e2e/screenshots/admin-console-*.png
 */
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('admin-console-');

await runScreenshots(async (browser, base, width) => {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin-mnqa/');
  await page.getByRole('heading', { name: 'Tables' }).waitFor({ timeout: 30_000 });
  await shot(page, `home-${width}`, { fullPage: false });
  await page.getByRole('menuitem', { name: 'Organisations' }).click();
  await page.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
  await shot(page, `list-${width}`, { fullPage: false });
  await page.getByRole('textbox', { name: 'Name' }).fill('Bay');
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('Bay'));
  await page.getByRole('row').nth(1).waitFor();
  await shot(page, `filtered-${width}`, { fullPage: false });
  await page.getByRole('row').nth(1).click();
  await page.getByRole('textbox', { name: 'Phone' }).waitFor();
  await shot(page, `edit-${width}`);
  await context.close();

  const refused = await newContext(browser, base, { width, height: 900 });
  const qamPage = await refused.newPage();
  await signIn(qamPage, 'qam@demo.test');
  await qamPage.goto('/admin-mnqa/');
  await qamPage.getByText('You do not have access to the admin console.').waitFor();
  await shot(qamPage, `refused-${width}`);
  await refused.close();
});
